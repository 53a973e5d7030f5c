/**
 * Amounts in the API are integers in the currency's minor units (spec §2.3). Users may think in major units
 * ("150.25 USD"), so this converts exactly: the decimal is handled as text and BigInt, never as a float, so
 * 0.1 + 0.2 style errors cannot occur. Minor units come from the ISO 4217 data built into the package.
 */
import { isoCurrency } from './currencies';

/** One top-up or debit: 1 to 10^14 minor units (spec §8). */
export const MIN_AMOUNT = 1;
export const MAX_AMOUNT = 100_000_000_000_000;

export class MoneyError extends Error {}

/**
 * Digits after the decimal point in ISO 4217: USD 2, JPY 0, KWD 3, and HUF 2, IQD 3, where the CLDR data behind
 * `Intl` says 0 (it describes how amounts are usually shown, not the unit the API counts in).
 */
export function minorUnitDigits(currency: string): number {
	const code = currency.trim().toUpperCase();
	if (!/^[A-Z]{3}$/.test(code)) throw new MoneyError(`"${currency}" is not a three-letter ISO 4217 currency code`);
	const known = isoCurrency(code);
	if (!known) throw new MoneyError(`${code} is not an ISO 4217 currency code`);
	return known.minorUnits;
}

/** The amount as decimal text. Numbers use JavaScript's shortest round-trip form, which is what the user typed. */
function decimalText(amount: string | number): string {
	if (typeof amount === 'number') {
		if (!Number.isFinite(amount)) throw new MoneyError('The amount must be a finite number');
		const textForm = String(amount);
		if (/e/i.test(textForm))
			throw new MoneyError(`The amount ${textForm} is out of range; enter it as a plain decimal number such as 150.25`);
		return textForm;
	}
	return amount.trim();
}

export function assertAmountInRange(minor: number | bigint, shown: string): void {
	if (BigInt(minor) < BigInt(MIN_AMOUNT) || BigInt(minor) > BigInt(MAX_AMOUNT)) {
		throw new MoneyError(`The amount ${shown} is out of range: one operation moves 1 to 100,000,000,000,000 minor units`);
	}
}

/**
 * "150.25" USD → 15025; "1500" JPY → 1500; "1.234" KWD → 1234. More significant decimals than the currency has
 * is an error (nothing is rounded); extra trailing zeros ("150.250") do not change the value and are accepted.
 */
export function majorToMinor(amount: string | number, currency: string): number {
	const digits = minorUnitDigits(currency);
	const textForm = decimalText(amount);
	const match = /^(\d+)(?:\.(\d*))?$/.exec(textForm) ?? /^()\.(\d+)$/.exec(textForm);
	if (!match) {
		throw new MoneyError(
			`"${textForm}" is not an amount: use digits with a dot for decimals, e.g. 150.25 (no signs, spaces or thousands separators)`,
		);
	}
	const whole = match[1] === '' ? '0' : match[1];
	const fraction = (match[2] ?? '').replace(/0+$/, '');
	if (fraction.length > digits) {
		const code = currency.trim().toUpperCase();
		throw new MoneyError(
			digits === 0
				? `${code} has no decimal places, but the amount is ${textForm}`
				: `${code} has ${digits} decimal place${digits === 1 ? '' : 's'}, but the amount ${textForm} has more`,
		);
	}
	const minor = BigInt(whole + fraction.padEnd(digits, '0'));
	assertAmountInRange(minor, `${textForm} ${currency.trim().toUpperCase()}`);
	return Number(minor);
}

/** An amount already in minor units must be a whole number in range. */
export function checkMinorAmount(amount: unknown): number {
	const value = typeof amount === 'string' && /^\d+$/.test(amount.trim()) ? Number(amount.trim()) : amount;
	if (typeof value !== 'number' || !Number.isInteger(value)) {
		throw new MoneyError(
			`The amount ${String(amount)} is not a whole number of minor units (cents); choose "Major Units" to enter decimals`,
		);
	}
	assertAmountInRange(value, String(value));
	return value;
}
