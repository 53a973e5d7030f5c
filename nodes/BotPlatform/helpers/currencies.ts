/** ISO 4217 currencies for the UI and for amounts, from the data generated into the package (no runtime dependency). */
import type { INodePropertyOptions } from 'n8n-workflow';
import { CURRENCIES } from './currencies.generated';

export type CurrencyCode = keyof typeof CURRENCIES;

export interface IsoCurrency {
	code: string;
	name: string;
	minorUnits: number;
}

/** The currency with this code (capital letters), or undefined when ISO 4217 has none. */
export function isoCurrency(code: string): IsoCurrency | undefined {
	if (!Object.prototype.hasOwnProperty.call(CURRENCIES, code)) return undefined;
	return { code, ...CURRENCIES[code as CurrencyCode] };
}

/** Every ISO 4217 code as a dropdown: "EUR - Euro", sorted by code, so typing either finds it. */
export const currencyOptions: INodePropertyOptions[] = Object.entries(CURRENCIES).map(([code, { name }]) => ({
	name: `${code} - ${name}`,
	value: code,
}));
