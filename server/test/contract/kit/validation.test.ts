/** §7.1: every failed field at once, under dotted keys, in the request's language; never an exception. */
// The server's own zod (v4): a bare 'zod' from test/ would resolve to the v3 that n8n's packages hoist to the root.
import { z } from '../../../node_modules/zod';
import { ValidationError } from '../../../src/http/errors';
import { boolean, integer, validate } from '../../../src/contract/kit/validation';

function errorsOf(schema: z.ZodType, input: unknown, lang: 'en' | 'ru' = 'en') {
	try {
		validate(schema, input, lang);
	} catch (error) {
		if (error instanceof ValidationError) return error.errors;
		throw error;
	}
	throw new Error('expected a validation error');
}

test('every failed field is listed, nested ones under dotted keys', () => {
	const schema = z.object({ name: z.string(), fields: z.array(z.object({ slug: z.string().max(3) })) });
	expect(errorsOf(schema, { fields: [{ slug: 'ok' }, { slug: 'toolong' }] })).toEqual({
		name: ['The name field is required.'],
		'fields.1.slug': ['The fields.1.slug field must not be greater than 3 characters.'],
	});
});

test('texts follow the language; keys do not', () => {
	expect(errorsOf(z.object({ bot_id: z.string() }), {}, 'ru')).toEqual({ bot_id: ['Поле bot id обязательно для заполнения.'] });
});

test('a union failure is a 422, not a crash', () => {
	const schema = z.object({ value: z.union([z.string(), z.number()]) });
	expect(Object.keys(errorsOf(schema, { value: true }))).toEqual(['value']);
});

test('integers and booleans may arrive as strings; anything else is refused', () => {
	const schema = z.object({ n: integer({ min: 1 }), b: boolean() });
	expect(validate(schema, { n: '12', b: 'false' }, 'en')).toEqual({ n: 12, b: false });
	expect(Object.keys(errorsOf(schema, { n: '1.5', b: 'maybe' })).sort()).toEqual(['b', 'n']);
	expect(Object.keys(errorsOf(schema, { n: { $gt: 0 }, b: ['1'] })).sort()).toEqual(['b', 'n']);
});
