/** API keys: long random strings shown once; only their SHA-256 hash is stored (§5). */
import { createHash, randomBytes } from 'node:crypto';

export function generateApiKey(): string {
	return `bp_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
	return createHash('sha256').update(key).digest('hex');
}
