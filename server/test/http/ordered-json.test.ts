/** §2.1: a list's `fields` keep their order in JSON, even for all-digit slugs. */
import { JsonText, OrderedObject, toJsonBody, toJsonText } from '../../src/http/ordered-json';

test('plain values are written exactly as JSON.stringify writes them', () => {
	const value = { a: 1, b: [1, 'x', null, undefined], c: new Date(0), d: undefined, e: { '10': 1, '2': 2 } };
	expect(toJsonText(value)).toBe(JSON.stringify(value));
	expect(toJsonText(undefined)).toBe('null');
});

test('an OrderedObject keeps its order, nested anywhere, and drops undefined members', () => {
	const fields = new OrderedObject([
		['price', { type: 'money' }],
		['2024', { type: 'bool' }],
		['10', { type: 'number', extra: undefined }],
		['gone', undefined],
	]);
	const text = toJsonText({ data: [{ id: 'x', fields }], note: 'ordered-object:not-a-marker:0' });
	expect(text).toBe(
		'{"data":[{"id":"x","fields":{"price":{"type":"money"},"2024":{"type":"bool"},"10":{"type":"number"}}}],' +
			'"note":"ordered-object:not-a-marker:0"}',
	);
	expect(Object.keys(JSON.parse(text).data[0].fields).sort()).toEqual(['10', '2024', 'price']);
});

test('JsonText of UTF-8 bytes is set in as they are, and the body is then bytes of the same text', () => {
	const items = '[{"name":"Ёж \\"q\\"","n":1}]';
	const fields = new OrderedObject([['2', 1]]);
	const value = { data: new JsonText(Buffer.from(items, 'utf8')), meta: { fields, é: 'ü' } };
	const expected = `{"data":${items},"meta":{"fields":{"2":1},"é":"ü"}}`;
	const body = toJsonBody(value);
	expect(Buffer.isBuffer(body)).toBe(true);
	expect(body.toString()).toBe(expected);
	expect(toJsonText(value)).toBe(expected);
	expect(toJsonBody({ data: new JsonText(items) })).toBe(`{"data":${items}}`);
});
