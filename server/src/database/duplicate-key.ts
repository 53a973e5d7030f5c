/** MongoDB's duplicate-key error (E11000), raised by unique indexes and by racing upserts. */
export function isDuplicateKeyError(error: unknown): boolean {
	return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
