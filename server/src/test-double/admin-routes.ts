/**
 * The test double's admin routes: faults on purpose (`/faults`), what clients sent (`/requests`) and reset to
 * the seed (`/reset`). They exist only when the test double is on (TEST_DOUBLE=1 or SEED_FILE); otherwise
 * they answer 404 like any path that is not there. Faults and the request log are this process's only.
 */
import { z } from 'zod';
import { dataOf, errorBody, validationBody } from '../http/answers';
import { ApiError, fieldError } from '../http/errors';
import type { Fault } from './faults';
import type { TestDouble } from './test-double';
import { integer } from '../contract/kit/validation';
import { integerIdParam } from '../admin/params';
import { adminRoute, type AdminDeps } from '../admin/route';

/** Headers that would break the HTTP framing if a fault set them. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
export const MAX_FAULT_DELAY_MS = 60_000;

const faultInput = z
	.strictObject({
		method: z.string().nullish().meta({
			description: 'The API method, as in `/api/v1/<method>` (`getMe`, `createOrUpdateContact`, …); every method when absent.',
		}),
		status: z.int().min(200).max(599).nullish().meta({ description: 'Answer with this status instead of handling the call.' }),
		body: z.json().optional().meta({ description: 'The JSON body of the answer; `{"error": "Injected fault."}` when absent.' }),
		headers: z
			.record(
				z.string().regex(HEADER_NAME),
				z
					.string()
					.max(8192)
					.regex(/^[^\r\n]*$/),
			)
			.refine((headers) => Object.keys(headers).every((name) => !FRAMING_HEADERS.has(name.toLowerCase())), {
				error: 'Content-Length, Transfer-Encoding, Connection, Keep-Alive, Upgrade and Trailer cannot be set.',
			})
			.nullish()
			.meta({ description: 'Headers of the answer, such as `Retry-After`.' }),
		delay_ms: z.int().min(0).max(MAX_FAULT_DELAY_MS).nullish().meta({ description: 'Wait this long first.' }),
		drop: z.boolean().nullish().meta({ description: 'Destroy the connection without an answer.' }),
		times: z.int().min(1).nullish().meta({ description: 'Act on this many calls; on every call until removed when absent.' }),
		probability: z
			.number()
			.min(0)
			.max(1)
			.nullish()
			.meta({ description: 'Act on a matching call with this chance; 1 when absent, 0 never.' }),
	})
	.superRefine((fault, ctx) => {
		const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
		const answers = fault.status !== null && fault.status !== undefined;
		if (fault.drop && answers) issue('drop', 'A dropped connection has no status: send either drop or status.');
		if (!fault.drop && !answers && !fault.delay_ms) issue('status', 'A fault needs a status, drop or a delay_ms above 0.');
		if (!answers && (fault.headers || fault.body !== undefined)) issue('status', 'Headers and body need a status.');
	});

const faultJson = z
	.object({
		id: z.int(),
		method: z.string().nullable(),
		status: z.int().nullable(),
		body: z.json().nullable(),
		headers: z.record(z.string(), z.string()),
		delay_ms: z.int(),
		drop: z.boolean(),
		times: z.int().nullable(),
		probability: z.number(),
		fired: z.int().meta({ description: 'How many calls it has acted on.' }),
		created_at: z.string(),
	})
	.meta({ id: 'AdminFault' });

function presentFault(fault: Fault): z.output<typeof faultJson> {
	return {
		id: fault.id,
		method: fault.method,
		status: fault.status,
		body: (fault.body ?? null) as z.output<typeof faultJson>['body'],
		headers: fault.headers,
		delay_ms: fault.delayMs,
		drop: fault.drop,
		times: fault.times,
		probability: fault.probability,
		fired: fault.fired,
		created_at: fault.createdAt.toISOString(),
	};
}

const requestJson = z
	.object({
		id: z.int(),
		at: z.string(),
		method: z.string(),
		http_method: z.string(),
		params: z.record(z.string(), z.unknown()).meta({ description: 'Query and body as sent, secrets replaced by `[redacted]`.' }),
		status: z.int().nullable().meta({ description: 'Null when no answer was sent (dropped, or the client went away).' }),
		duration_ms: z.number(),
		user_id: z.string().nullable(),
		injected: z.boolean(),
	})
	.meta({ id: 'AdminLoggedRequest' });

const off = { status: 404, when: 'The test double is off (neither `TEST_DOUBLE=1` nor `SEED_FILE`).', body: errorBody };

function testDoubleOf(deps: AdminDeps): TestDouble {
	if (!deps.testDouble)
		throw new ApiError(404, { error: 'The test double is off: start the server with TEST_DOUBLE=1 or SEED_FILE.' });
	return deps.testDouble;
}

export const testDoubleRoutes = [
	adminRoute({
		name: 'createFault',
		verb: 'post',
		path: '/faults',
		summary:
			'Sets a fault: later calls of the method (or of every method) get the given answer, are delayed, or have ' +
			'their connection dropped, before any data is touched. Injected answers carry `X-Injected-Fault: <id>`.',
		body: faultInput,
		example: {
			method: 'getContacts',
			status: 429,
			headers: { 'Retry-After': '2' },
			body: { message: 'Too Many Attempts.' },
			times: 1,
		},
		success: [{ status: 201, when: 'The fault.', body: dataOf(faultJson) }],
		refusals: [off, { status: 422, when: 'A value is invalid, or `method` names no API method.', body: validationBody }],
		async handle({ deps, body: input }) {
			const { faults } = testDoubleOf(deps);
			if (input.method && !deps.methodNames.has(input.method)) {
				throw fieldError('en', 'method', 'The selected method is not an API method.');
			}
			const answers = input.status !== null && input.status !== undefined;
			const fault = faults.add({
				method: input.method ?? null,
				status: input.status ?? null,
				body: answers ? (input.body === undefined ? { error: 'Injected fault.' } : input.body) : null,
				headers: input.headers ?? {},
				delayMs: input.delay_ms ?? 0,
				drop: input.drop ?? false,
				times: input.times ?? null,
				probability: input.probability ?? 1,
			});
			return { status: 201, body: { data: presentFault(fault) } };
		},
	}),
	adminRoute({
		name: 'getFaults',
		verb: 'get',
		path: '/faults',
		summary: 'The faults, oldest first, with how often each has acted.',
		success: [{ status: 200, when: 'The faults.', body: dataOf(z.array(faultJson)) }],
		refusals: [off],
		async handle({ deps }) {
			return { status: 200, body: { data: testDoubleOf(deps).faults.list().map(presentFault) } };
		},
	}),
	adminRoute({
		name: 'deleteFault',
		verb: 'delete',
		path: '/faults/:id',
		summary: 'Removes a fault.',
		params: { id: integerIdParam('Fault') },
		success: [{ status: 204, when: 'Removed.' }],
		refusals: [{ ...off, when: `${off.when} Or no such fault.` }],
		async handle({ deps, params: { id } }) {
			if (!testDoubleOf(deps).faults.remove(id)) throw new ApiError(404, { error: 'Fault not found.' });
			return { status: 204 };
		},
	}),
	adminRoute({
		name: 'deleteFaults',
		verb: 'delete',
		path: '/faults',
		summary: 'Removes every fault.',
		success: [{ status: 204, when: 'Removed.' }],
		refusals: [off],
		async handle({ deps }) {
			testDoubleOf(deps).faults.clear();
			return { status: 204 };
		},
	}),
	adminRoute({
		name: 'getRequests',
		verb: 'get',
		path: '/requests',
		summary: 'What clients sent to `/api/v1`, newest first, from a log in memory of the last `REQUEST_LOG_SIZE` calls.',
		query: z.object({
			method: z.string().max(100).nullish().meta({ description: 'Only calls of this API method.' }),
			limit: integer({ min: 1, max: 100_000 }).nullish().meta({ description: 'At most this many, the newest.' }),
		}),
		success: [{ status: 200, when: 'The calls.', body: dataOf(z.array(requestJson)) }],
		refusals: [off],
		async handle({ deps, query }) {
			const entries = testDoubleOf(deps).requests.list({ method: query.method ?? undefined, limit: query.limit ?? undefined });
			return { status: 200, body: { data: entries } };
		},
	}),
	adminRoute({
		name: 'deleteRequests',
		verb: 'delete',
		path: '/requests',
		summary: 'Empties the request log.',
		success: [{ status: 204, when: 'Emptied.' }],
		refusals: [off],
		async handle({ deps }) {
			testDoubleOf(deps).requests.clear();
			return { status: 204 };
		},
	}),
	adminRoute({
		name: 'applySeed',
		verb: 'post',
		path: '/seed',
		summary:
			'Sets the data to the seed sent (the content of a seed file, as JSON), as a reset does: calls in flight finish ' +
			"first and new ones wait. Later resets go back to the server's own seed.",
		// Each part is checked by the seed's own rules (`seed/schema.ts`, which the admin API does not import), with the
		// seed's texts; here only its shape.
		body: z
			.looseObject(
				Object.fromEntries(
					['users', 'projects', 'bots', 'contacts', 'lists'].map((part) => [part, z.array(z.unknown()).optional()]),
				),
			)
			.meta({ description: 'A seed, as in a seed file (see the test double guide).' }),
		example: { users: [{ name: 'Ann', email: 'ann@example.com', api_key: 'ann-key-0123456789' }] },
		success: [{ status: 204, when: 'The data is the seed sent.' }],
		refusals: [off, { status: 422, when: 'The seed is not valid; `errors.seed` says where and why.', body: validationBody }],
		async handle({ deps, body }) {
			const problem = await testDoubleOf(deps).applySeed(body);
			if (problem !== undefined) throw fieldError('en', 'seed', problem);
			return { status: 204 };
		},
	}),
	adminRoute({
		name: 'reset',
		verb: 'post',
		path: '/reset',
		summary:
			'Brings the data back to the seed (or to empty without one). Calls in flight finish first and new ones wait, ' +
			'so none sees half-reset data. Faults and the request log stay (they have their own DELETE).',
		success: [{ status: 204, when: 'The data is the seed again.' }],
		refusals: [off],
		async handle({ deps }) {
			await testDoubleOf(deps).reset();
			return { status: 204 };
		},
	}),
];
