/** The server package's version, from its package.json (beside `src/` and `dist/` alike). */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function serverVersion(): string | undefined {
	try {
		return (JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version?: string }).version;
	} catch {
		return undefined;
	}
}
