/**
 * ISO 4217 currencies as the platform's ICU knows them: `Intl.supportedValuesOf('currency')` lists the
 * active codes (withdrawn ones such as VEF are absent), and `Intl.NumberFormat` knows each one's minor units.
 */

const ACTIVE_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** An active ISO 4217 code, in capital letters as the API requires. */
export function isActiveCurrency(code: string): boolean {
	return /^[A-Z]{3}$/.test(code) && ACTIVE_CURRENCIES.has(code);
}

const minorUnitsCache = new Map<string, number>();

/** Digits after the decimal point: 2 for USD, 0 for JPY, 3 for KWD. */
export function minorUnits(code: string): number {
	let digits = minorUnitsCache.get(code);
	if (digits === undefined) {
		digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
		minorUnitsCache.set(code, digits);
	}
	return digits;
}

/** An amount in minor units as major units, exactly (no floating point): 15025 USD is "150.25". */
export function formatMajorUnits(amountInMinorUnits: number, code: string): string {
	const digits = minorUnits(code);
	const negative = amountInMinorUnits < 0;
	const padded = Math.abs(amountInMinorUnits)
		.toString()
		.padStart(digits + 1, '0');
	const major = digits === 0 ? padded : `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
	return negative ? `-${major}` : major;
}
