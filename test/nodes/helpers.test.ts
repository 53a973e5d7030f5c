/** Pure helpers of the n8n package: base URL, Retry-After, money, dates, paging, contact inputs. */
import {
	API_BASE_URL_EXPRESSION,
	methodUrl,
	nextPageNumber,
	normalizeBaseUrl,
	parseRetryAfter,
} from '../../nodes/BotPlatform/transport';
import { normalizePhone, parseTags } from '../../nodes/BotPlatform/actions/contact/upsert.operation';
import { toUnixSeconds } from '../../nodes/BotPlatform/helpers/dates';
import { toFieldDefinition } from '../../nodes/BotPlatform/helpers/list-fields';
import { checkMinorAmount, majorToMinor, minorUnitDigits, MoneyError } from '../../nodes/BotPlatform/helpers/money';
import { evaluateCredentialExpression } from './support/n8n-harness';

describe('base URL normalization (one helper, two forms)', () => {
	const cases: Array<[string, string]> = [
		['https://bots.example.com', 'https://bots.example.com'],
		['https://bots.example.com/', 'https://bots.example.com'],
		['https://bots.example.com///', 'https://bots.example.com'],
		['https://bots.example.com/api', 'https://bots.example.com'],
		['https://bots.example.com/api/', 'https://bots.example.com'],
		['https://bots.example.com/api/v1', 'https://bots.example.com'],
		['https://bots.example.com/API/V1/', 'https://bots.example.com'],
		['  https://bots.example.com/api/v1/  ', 'https://bots.example.com'],
		['http://localhost:3000/', 'http://localhost:3000'],
		['https://example.com/platform/api/v1', 'https://example.com/platform'],
		['https://example.com/myapi', 'https://example.com/myapi'],
		['https://api.example.com', 'https://api.example.com'],
	];

	test.each(cases)('%j → %j in TypeScript', (input, expected) => {
		expect(normalizeBaseUrl(input)).toBe(expected);
		expect(methodUrl(input, 'getMe')).toBe(`${expected}/api/v1/getMe`);
	});

	test.each(cases)('%j → %j in the credential test expression, evaluated by n8n', (input, expected) => {
		expect(evaluateCredentialExpression(API_BASE_URL_EXPRESSION, { baseUrl: input })).toBe(`${expected}/api/v1`);
	});
});

describe('Retry-After', () => {
	const now = Date.parse('2025-01-01T00:00:00Z');

	test('delay-seconds', () => {
		expect(parseRetryAfter('7', now)).toBe(7);
		expect(parseRetryAfter(' 0 ', now)).toBe(0);
		expect(parseRetryAfter('1.5', now)).toBe(1.5);
		expect(parseRetryAfter(['3', '9'], now)).toBe(3);
		expect(parseRetryAfter(12, now)).toBe(12);
	});

	test('HTTP-date, rounded up, never negative', () => {
		expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30);
		expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now + 500)).toBe(30);
		expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
	});

	test('absent or unreadable', () => {
		expect(parseRetryAfter(undefined, now)).toBeUndefined();
		expect(parseRetryAfter('', now)).toBeUndefined();
		expect(parseRetryAfter('-5', now)).toBeUndefined();
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(parseRetryAfter('2025-13-45', now)).toBeUndefined();
	});
});

describe('major units → minor units, exactly', () => {
	test('minor unit digits come from the platform', () => {
		expect(minorUnitDigits('USD')).toBe(2);
		expect(minorUnitDigits('jpy')).toBe(0);
		expect(minorUnitDigits('KWD')).toBe(3);
	});

	test.each([
		['150.25', 'USD', 15025],
		['150', 'USD', 15000],
		['0.01', 'USD', 1],
		['.5', 'USD', 50],
		['150.250', 'USD', 15025],
		['1500', 'JPY', 1500],
		['1500.0', 'JPY', 1500],
		['1.234', 'KWD', 1234],
		['0.001', 'KWD', 1],
		['12.5', 'KWD', 12500],
		['1000000000000', 'USD', 100_000_000_000_000],
		['100000000000000', 'JPY', 100_000_000_000_000],
	])('%s %s → %d', (amount, currency, minor) => {
		expect(majorToMinor(amount, currency)).toBe(minor);
	});

	test('numbers are read as the decimal the user typed, without float drift', () => {
		expect(majorToMinor(150.25, 'USD')).toBe(15025);
		expect(majorToMinor(0.3, 'USD')).toBe(30);
		expect(majorToMinor(1.1, 'KWD')).toBe(1100);
		expect(majorToMinor(4.35, 'USD')).toBe(435); // 4.35 * 100 is 434.99999999999994 in floating point
		expect(majorToMinor(1.005, 'KWD')).toBe(1005);
		// 0.1 + 0.2 is 0.30000000000000004: that is more decimals than USD has, so it is refused, not rounded.
		expect(() => majorToMinor(0.1 + 0.2, 'USD')).toThrow(MoneyError);
	});

	test.each([
		['150.255', 'USD', /USD has 2 decimal places/],
		['1500.5', 'JPY', /JPY has no decimal places/],
		['1.2345', 'KWD', /KWD has 3 decimal places/],
		['0', 'USD', /out of range/],
		['0.00', 'USD', /out of range/],
		['1000000000000.01', 'USD', /out of range/],
		['-5', 'USD', /not an amount/],
		['1,50', 'USD', /not an amount/],
		['1 000', 'USD', /not an amount/],
		['abc', 'USD', /not an amount/],
		['', 'USD', /not an amount/],
		['1e3', 'USD', /not an amount/],
		['10', 'US', /not a three-letter/],
	])('%j %s is refused (%s)', (amount, currency, message) => {
		expect(() => majorToMinor(amount, currency)).toThrow(message);
	});

	test('huge or tiny numbers in exponent form are refused', () => {
		expect(() => majorToMinor(1e21, 'USD')).toThrow(/plain decimal/);
		expect(() => majorToMinor(1e-7, 'USD')).toThrow(/plain decimal/);
		expect(() => majorToMinor(Number.NaN, 'USD')).toThrow(MoneyError);
	});

	test('minor amounts must be whole and in range', () => {
		expect(checkMinorAmount(15025)).toBe(15025);
		expect(checkMinorAmount('42')).toBe(42);
		expect(checkMinorAmount(100_000_000_000_000)).toBe(100_000_000_000_000);
		expect(() => checkMinorAmount(150.25)).toThrow(/whole number/);
		expect(() => checkMinorAmount(0)).toThrow(/out of range/);
		expect(() => checkMinorAmount(100_000_000_000_001)).toThrow(/out of range/);
		expect(() => checkMinorAmount('ten')).toThrow(/whole number/);
	});
});

describe('dates to Unix seconds', () => {
	test('the date picker’s wall-clock text is read in the workflow’s time zone', () => {
		expect(toUnixSeconds('2024-05-01T00:00:00', 'UTC')).toBe(Date.parse('2024-05-01T00:00:00Z') / 1000);
		expect(toUnixSeconds('2024-05-01T00:00:00', 'Europe/Berlin')).toBe(Date.parse('2024-04-30T22:00:00Z') / 1000);
		expect(toUnixSeconds('2024-01-15T09:30:00', 'America/New_York')).toBe(Date.parse('2024-01-15T14:30:00Z') / 1000);
		expect(toUnixSeconds('2024-05-01', 'Asia/Tokyo')).toBe(Date.parse('2024-04-30T15:00:00Z') / 1000);
	});

	test('around a DST change', () => {
		// Berlin moved to summer time at 2024-03-31 02:00 local; 03:30 local is 01:30 UTC.
		expect(toUnixSeconds('2024-03-31T03:30:00', 'Europe/Berlin')).toBe(Date.parse('2024-03-31T01:30:00Z') / 1000);
		expect(toUnixSeconds('2024-03-31T01:30:00', 'Europe/Berlin')).toBe(Date.parse('2024-03-31T00:30:00Z') / 1000);
	});

	test('explicit offsets, Date objects, DateTime-like objects and numbers', () => {
		expect(toUnixSeconds('2024-05-01T00:00:00+02:00', 'UTC')).toBe(Date.parse('2024-04-30T22:00:00Z') / 1000);
		expect(toUnixSeconds('2024-05-01T00:00:00.900Z', 'Europe/Berlin')).toBe(Date.parse('2024-05-01T00:00:00Z') / 1000);
		expect(toUnixSeconds(new Date('2024-05-01T00:00:00Z'), 'UTC')).toBe(1714521600);
		expect(toUnixSeconds({ toISO: () => '2024-05-01T00:00:00.000+00:00' }, 'UTC')).toBe(1714521600);
		expect(toUnixSeconds(1714521600, 'UTC')).toBe(1714521600);
		expect(toUnixSeconds('1714521600', 'UTC')).toBe(1714521600);
	});

	test('nonsense is refused', () => {
		expect(() => toUnixSeconds('yesterday-ish', 'UTC')).toThrow(/not a date/);
		expect(() => toUnixSeconds('', 'UTC')).toThrow(/empty/);
		expect(() => toUnixSeconds(-1, 'UTC')).toThrow(/Unix time/);
	});
});

describe('list pagination: the next page', () => {
	test('from links.next, else from meta.last_page', () => {
		expect(nextPageNumber({ links: { next: 'https://x/api/v1/getListSchemas?page=3' } }, 2)).toBe(3);
		expect(nextPageNumber({ links: { next: null }, meta: { last_page: 9 } }, 2)).toBeUndefined();
		expect(nextPageNumber({ meta: { current_page: 1, last_page: 3 } }, 1)).toBe(2);
		expect(nextPageNumber({ meta: { current_page: 3, last_page: 3 } }, 3)).toBeUndefined();
		expect(nextPageNumber({}, 1)).toBeUndefined();
	});

	test('a link that does not move forward ends the walk', () => {
		expect(nextPageNumber({ links: { next: 'https://x/?page=2' } }, 2)).toBeUndefined();
		expect(nextPageNumber({ links: { next: 'https://x/next' } }, 4)).toBe(5);
	});
});

describe('contact inputs', () => {
	test('phones get their + and lose formatting', () => {
		expect(normalizePhone('+1 (555) 123-45-67')).toBe('+15551234567');
		expect(normalizePhone('79991234567')).toBe('+79991234567');
		expect(normalizePhone('+44.20.7946.0958')).toBe('+442079460958');
	});

	test('tags from text or an array', () => {
		expect(parseTags('vip, newsletter ,, ')).toEqual(['vip', 'newsletter']);
		expect(parseTags(['a', ' b ', ''])).toEqual(['a', 'b']);
		expect(parseTags('')).toEqual([]);
	});
});

describe('list field definitions', () => {
	test('currency only for money, flags only when set', () => {
		expect(toFieldDefinition({ name: ' Price ', slug: 'price', type: 'money', currency: 'eur', is_required: false })).toEqual({
			name: 'Price',
			slug: 'price',
			type: 'money',
			currency: 'EUR',
			is_required: false,
		});
		expect(toFieldDefinition({ name: 'Title', slug: 'title', type: 'string', currency: 'USD' })).toEqual({
			name: 'Title',
			slug: 'title',
			type: 'string',
		});
	});
});
