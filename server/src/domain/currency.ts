/**
 * ISO 4217 currencies (§2.2, §2.3, §4.10): the codes accounts and money fields accept, and each one's minor units,
 * from the `currency-codes` dataset (ISO 4217 list one as published by its maintenance agency). Not from `Intl`:
 * its digits come from CLDR, which gives 0 for HUF, IDR, COP and IQD where ISO 4217 gives 2, 2, 2 and 3.
 *
 * Every code of list one is accepted, funds codes (BOV, CLF, USN, ...) and X-codes (XAU, XDR, XTS, XXX) included,
 * as the n8n node, generated from the same dataset, offers them. ISO's "N.A." minor units (gold, SDR, testing, ...)
 * are 0 in the dataset: amounts in those codes count whole units. Withdrawn codes (VEF, HRK) are refused.
 */
import { data as iso4217 } from 'currency-codes';

const MINOR_UNITS: ReadonlyMap<string, number> = new Map(iso4217.map((currency) => [currency.code, currency.digits]));

/** Minor units of a code the dataset no longer lists (an account opened in it before the code was withdrawn). */
const WITHDRAWN_CODE_MINOR_UNITS = 2;

/** A current ISO 4217 code, in capital letters as the API requires. */
export function isActiveCurrency(code: string): boolean {
	return MINOR_UNITS.has(code);
}

/** Digits after the decimal point: 2 for USD and HUF, 0 for JPY, 3 for KWD and IQD, 4 for CLF. */
export function minorUnits(code: string): number {
	return MINOR_UNITS.get(code) ?? WITHDRAWN_CODE_MINOR_UNITS;
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
