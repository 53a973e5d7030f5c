/** Bounds of money movements on contact accounts (§2.3, §8). Amounts are integers in minor units. */

export const MIN_OPERATION_AMOUNT = 1;

/** 10^14: the largest single top-up or debit. */
export const MAX_OPERATION_AMOUNT = 100_000_000_000_000;

/**
 * The largest balance: 2^53 − 1 (9,007,199,254,740,991 minor units). Up to it every integer is exact in a
 * JavaScript number and in the BSON double MongoDB may store, so balances never round. Top-ups that would
 * pass it are refused.
 */
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER;
