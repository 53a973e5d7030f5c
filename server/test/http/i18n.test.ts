/** Accept-Language negotiation (§7.1: texts follow the request language). */
import { languageOf } from '../../src/http/language';

test.each([
	[undefined, 'en'],
	['', 'en'],
	['ru', 'ru'],
	['ru-RU,ru;q=0.9,en-US;q=0.8', 'ru'],
	['en-US,en;q=0.9,ru;q=0.8', 'en'],
	['de-DE,ru;q=0.5', 'ru'],
	['de-DE, fr;q=0.9', 'en'],
	['en;q=0.1, ru;q=0.7', 'ru'],
	['ru;q=0, en', 'en'],
	['*', 'en'],
])('Accept-Language %p → %p', (header, lang) => {
	expect(languageOf(header)).toBe(lang);
});
