/** ISO 4217 data (§2.2, §2.3: amounts in minor units; amount_note in major units), from ISO 4217, not CLDR. */
import { formatMajorUnits, isActiveCurrency, minorUnits } from '../../src/domain/currency';

test.each([
	['USD', true],
	['EUR', true],
	['GBP', true],
	['JPY', true],
	['KWD', true],
	// Funds codes and X-codes are part of ISO 4217 list one (CLDR knows none of them).
	['BOV', true],
	['CLF', true],
	['USN', true],
	['XAU', true],
	['XDR', true],
	['XTS', true],
	['XXX', true],
	['usd', false],
	// Withdrawn codes: VEF (2018), HRK (2023), SLL (2024). CLDR still lists HRK and SLL.
	['VEF', false],
	['HRK', false],
	['SLL', false],
	['US', false],
	['USDT', false],
	['', false],
	['__proto__', false],
	['constructor', false],
])('isActiveCurrency(%p) is %p', (code, active) => {
	expect(isActiveCurrency(code)).toBe(active);
});

test.each([
	['USD', 2],
	['JPY', 0],
	['KRW', 0],
	['KWD', 3],
	['BHD', 3],
	['TND', 3],
	['CLF', 4],
	// Where CLDR (Intl) says 0, ISO 4217 says otherwise.
	['HUF', 2],
	['IDR', 2],
	['COP', 2],
	['IQD', 3],
	// ISO's "N.A.": whole units.
	['XAU', 0],
])('%s has %i minor units', (code, digits) => {
	expect(minorUnits(code)).toBe(digits);
});

test.each(['HUF', 'IDR', 'COP', 'IQD'])('%s: ISO 4217 and CLDR disagree, and ISO 4217 wins', (code) => {
	const cldr = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
	expect(minorUnits(code)).not.toBe(cldr);
});

test.each([
	[15000, 'USD', '150.00'],
	[15025, 'USD', '150.25'],
	[5, 'USD', '0.05'],
	[0, 'USD', '0.00'],
	[1234, 'JPY', '1234'],
	[1, 'KWD', '0.001'],
	[1234567, 'HUF', '12345.67'],
	[1234567, 'IDR', '12345.67'],
	[1234567, 'COP', '12345.67'],
	[1234567, 'IQD', '1234.567'],
	[12345, 'CLF', '1.2345'],
	[100_000_000_000_000, 'USD', '1000000000000.00'],
	[Number.MAX_SAFE_INTEGER, 'KWD', '9007199254740.991'],
])('%i minor units of %s are %s', (amount, code, note) => {
	expect(formatMajorUnits(amount, code)).toBe(note);
});
