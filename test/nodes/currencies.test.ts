/**
 * The ISO 4217 data built into the n8n package: it is exactly the dataset the server uses (`currency-codes`), the
 * generated file is what the generator writes today, and amounts use its minor units, not CLDR's via `Intl`.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { currencyOptions, isoCurrency } from '../../nodes/BotPlatform/helpers/currencies';
import { CURRENCIES, ISO_4217_PUBLISHED } from '../../nodes/BotPlatform/helpers/currencies.generated';
import { majorToMinor, minorUnitDigits } from '../../nodes/BotPlatform/helpers/money';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const dataset: Array<{ code: string; currency: string; digits: number }> = require('currency-codes/data');

test('the built-in table is the dataset: same codes, names and minor units, same ISO publication', () => {
	const fromDataset = Object.fromEntries(
		dataset.map(({ code, currency, digits }) => [code, { name: currency, minorUnits: digits }]),
	);
	expect(CURRENCIES).toEqual(fromDataset);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	expect(ISO_4217_PUBLISHED).toBe(require('currency-codes/iso-4217-publish-date'));
});

test('the generated file is what the generator writes from the installed dataset', () => {
	const script = join(__dirname, '..', '..', 'scripts', 'generate-currencies.mjs');
	expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
});

test.each([
	['HUF', 2, '1500.50', 150050],
	['IDR', 2, '10000', 1000000],
	['COP', 2, '2500.75', 250075],
	['IQD', 3, '1.250', 1250],
	['JPY', 0, '1500', 1500],
	['KWD', 3, '1.234', 1234],
	['XAU', 0, '5', 5],
])('%s has %d decimals in ISO 4217 (CLDR disagrees for HUF, IDR, COP, IQD): %s → %d', (code, digits, major, minor) => {
	expect(minorUnitDigits(code)).toBe(digits);
	expect(majorToMinor(major, code)).toBe(minor);
});

test('a code ISO 4217 does not have is refused, not guessed', () => {
	expect(isoCurrency('ABC')).toBeUndefined();
	expect(() => minorUnitDigits('ABC')).toThrow('ABC is not an ISO 4217 currency code');
	expect(isoCurrency('EUR')).toEqual({ code: 'EUR', name: 'Euro', minorUnits: 2 });
});

test('the dropdown lists every code once, sorted, named by code and name', () => {
	expect(currencyOptions.map((option) => option.value)).toEqual(dataset.map((entry) => entry.code).sort());
	expect(currencyOptions.find((option) => option.value === 'EUR')).toEqual({ name: 'EUR - Euro', value: 'EUR' });
});
