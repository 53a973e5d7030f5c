import { z } from 'zod';

/**
 * Times "ISO 8601 with offset" (§2.1, §2.3), written as the platform writes them: `2024-05-01T10:20:30+00:00`.
 * (Contacts use plain UTC ISO strings, as §2.4 says.)
 */
export function isoWithOffset(date: Date): string {
	return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Such a time in a response schema. */
export const isoWithOffsetJson = () =>
	z.string().meta({ description: 'ISO 8601 with offset, e.g. `2024-05-01T10:20:30+00:00`.' });
