/** API keys: long random strings shown once; only their SHA-256 hash is stored (§5). */
import { createHash, randomBytes } from 'node:crypto';

export function generateApiKey(): string {
	return `bp_${randomBytes(32).toString('base64url')}`;
}

/**
 * What any key can look like: ours (`bp_` and 43 characters), or one a seed file chose. Anything else is refused
 * without a lookup.
 */
export const API_KEY_SHAPE = /^[\x21-\x7e]{16,200}$/;

export function hashApiKey(key: string): string {
	return createHash('sha256').update(key).digest('hex');
}
