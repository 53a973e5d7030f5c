/**
 * A method's parameters as the spec's table gives them (types, bounds, enums, defaults, what is required), held to
 * the served `/openapi.json`, and its documented success answers held to what its test file receives. Each method's
 * test file calls `documentsSpecParameters` with the table of its section; `server/test/openapi/openapi.test.ts`
 * fails when a served method has no such call (it reads the test files).
 */
import { http } from './http';
import { observedStatuses, referenceDocument } from './openapi-conformance';
import type { TestServer } from './test-server';

type Json = Record<string, any>;

/** One expected parameter: [name, required, type, other keywords it must have]. */
export type SpecParameter = [name: string, required: boolean, type: string, keywords?: Json];

/** The spec's strings of up to 255 characters (§8). */
export const STRING_255 = { maxLength: 255 };

/** What a `$ref` names in `document`, or the object itself. */
export function derefIn(document: Json, object: Json): Json {
	if (typeof object?.$ref !== 'string') return object;
	const [, , kind, name] = object.$ref.split('/');
	return document.components[kind][name];
}

/** The parameters of a method as its POST body describes them. */
export const bodySchemaIn = (document: Json, method: string) =>
	derefIn(document, document.paths[`/api/v1/${method}`].post.requestBody.content['application/json'].schema);

/** A nullable parameter's schema without the null. */
export function nonNullIn(document: Json, schema: Json): Json {
	if (Array.isArray(schema.anyOf))
		return nonNullIn(
			document,
			schema.anyOf.find((option: Json) => option.type !== 'null'),
		);
	if (Array.isArray(schema.type)) {
		const types = schema.type.filter((type: string) => type !== 'null');
		return { ...schema, type: types.length === 1 ? types[0] : types };
	}
	return derefIn(document, schema);
}

/**
 * After the file's tests, each 2xx answer the reference documents for `method` by GET and by POST (§4.1) must have
 * been received in this file: a success the document promises but no test sees is untested. `observedStatuses` is
 * per test file, as jest runs each file in its own module registry.
 */
function holdsSuccessAnswersObserved(method: string): void {
	afterAll(() => {
		if (runsSomeTestsOnly()) return;
		const item: Json = referenceDocument.paths[`/api/v1/${method}`] ?? {};
		const unseen = ['get', 'post']
			.flatMap((verb) => (item[verb] ? [item[verb] as Json] : []))
			.flatMap(({ operationId, responses }) =>
				Object.keys(responses)
					.filter((status) => status.startsWith('2') && !observedStatuses.get(operationId)?.has(Number(status)))
					.map((status) => `${operationId} ${status}`),
			);
		const check = `§4.1 ${method}: each documented success answer, by GET and by POST, is received in its test file`;
		expect([check, unseen]).toEqual([check, []]);
	});
}

/**
 * Whether jest runs only some of the file's tests (`-t`, `test.only`): then the answers the others would have received
 * are not missing. Jest-circus keeps both in its state on the global object, under a symbol of its own; should a later
 * jest keep them elsewhere, the check simply always runs.
 */
function runsSomeTestsOnly(): boolean {
	const symbol = Object.getOwnPropertySymbols(globalThis).find((key) => key.description === 'JEST_STATE_SYMBOL');
	if (symbol === undefined) return false;
	const state = (globalThis as unknown as Record<symbol, { testNamePattern?: RegExp | null; hasFocusedTests?: boolean }>)[symbol];
	return Boolean(state?.testNamePattern ?? state?.hasFocusedTests);
}

/**
 * A test that `method`'s parameters in the `/openapi.json` of `server()` are exactly `expected`; and the check that
 * the file receives each of the method's documented success answers.
 */
export function documentsSpecParameters(method: string, server: () => TestServer, expected: SpecParameter[]): void {
	holdsSuccessAnswersObserved(method);
	test(`${method}: /openapi.json gives its parameters as the spec's table does (types, bounds, enums, defaults, required)`, async () => {
		const document: Json = (await http.get(`${server().url}/openapi.json`)).data;
		const body = bodySchemaIn(document, method);
		for (const [name, required, type, keywords] of expected) {
			const schema = nonNullIn(document, body.properties[name]);
			expect([name, (body.required ?? []).includes(name), schema.type]).toEqual([name, required, type]);
			expect(schema).toMatchObject(keywords ?? {});
		}
		// `with` is accepted and ignored (§4.14); nothing else is documented that the table does not have.
		const documented = Object.keys(body.properties ?? {}).filter((name) => name !== 'with');
		expect(documented.sort()).toEqual(expected.map(([name]) => name).sort());
	});
}
