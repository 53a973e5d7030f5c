/** ISO 4217 data from Intl (§2.3 amounts in minor units; amount_note in major units). */
import { formatMajorUnits, isActiveCurrency, minorUnits } from '../../server/src/domain/currency';

test.each([
	['USD', true],
	['EUR', true],
	['GBP', true],
	['JPY', true],
	['KWD', true],
	['usd', false],
	['VEF', false],
	['XXX', false],
	['US', false],
	['USDT', false],
])('isActiveCurrency(%p) is %p', (code, active) => {
	expect(isActiveCurrency(code)).toBe(active);
});

test.each([
	['USD', 2],
	['JPY', 0],
	['KWD', 3],
])('%s has %i minor units', (code, digits) => {
	expect(minorUnits(code)).toBe(digits);
});

test.each([
	[15000, 'USD', '150.00'],
	[15025, 'USD', '150.25'],
	[5, 'USD', '0.05'],
	[0, 'USD', '0.00'],
	[1234, 'JPY', '1234'],
	[1, 'KWD', '0.001'],
	[100_000_000_000_000, 'USD', '1000000000000.00'],
	[Number.MAX_SAFE_INTEGER, 'KWD', '9007199254740.991'],
])('%i minor units of %s are %s', (amount, code, note) => {
	expect(formatMajorUnits(amount, code)).toBe(note);
});
