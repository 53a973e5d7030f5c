/** How a currency parameter is described in the API reference; the rule itself is `isActiveCurrency` (domain/currency.ts). */
export const currencyCodeMeta = {
	pattern: '^[A-Z]{3}$',
	description: 'An active ISO 4217 code in capital letters, such as `USD`.',
};
