/**
 * Which methods the API's test files pass to a support helper (`documentsSpecParameters`, `countsCommands`), read from
 * the files themselves: jest runs each file in isolation, so a registry the helpers filled would see one file only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const API_TESTS = path.join(__dirname, '..', 'api');

/** The methods named as the first argument of `helper(` in `server/test/api/**` test files, once per call. */
export function methodsPassedTo(helper: 'documentsSpecParameters' | 'countsCommands'): string[] {
	const call = new RegExp(`\\b${helper}\\(\\s*'([A-Za-z]+)'`, 'g');
	return readdirSync(API_TESTS, { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.test.ts'))
		.flatMap((file) => [...readFileSync(path.join(API_TESTS, file), 'utf8').matchAll(call)].map((match) => match[1]));
}
