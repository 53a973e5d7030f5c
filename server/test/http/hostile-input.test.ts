/**
 * §4.1 §7.1 hostile input: every API method and admin route, every parameter of the input schema it declares (the
 * method's `input`, the route's `body`), crossed with hostile values and encodings (server/test/support/hostile.ts), and
 * whole requests that are wrong as requests. Every answer must be below 500, JSON (a 204 has no body) and as the
 * OpenAPI document describes it, and no answer that refuses may change what is stored.
 *
 * By default each value travels in one encoding, rotating through JSON, form, query string and multipart (a few
 * seconds). HOSTILE_CORPUS=full sends every value in every encoding.
 */
import { adminRoutes } from '../../src/admin';
import { apiMethods } from '../../src/api';
import {
	createContactAccountForTest,
	createUserWithBot,
	createContact,
	createListForTest,
	createListItemForTest,
} from '../support/factories';
import {
	encode,
	ENCODINGS,
	hostileRequests,
	hostileValues,
	parameterPaths,
	storedState,
	withValueAt,
	type Encoding,
	type InputSchema,
	type RawCall,
} from '../support/hostile';
import { topUp } from '../support/contact-accounts';
import { referenceMismatch } from '../support/openapi-conformance';
import { startTestServer, type TestServer } from '../support/test-server';

const FULL = process.env.HOSTILE_CORPUS === 'full';
/** Each default batch takes seconds; the full corpus sends about ten times as much. */
const CORPUS_TIMEOUT_MS = FULL ? 30 * 60_000 : 180_000;
const IN_FLIGHT = 8;

/** Answers by status, for the summary the full run prints. */
const answered = new Map<number, number>();

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(async () => {
	await t.close();
	const total = [...answered.values()].reduce((sum, count) => sum + count, 0);
	if (FULL) console.info(`hostile corpus: ${total} requests; by status: ${JSON.stringify(Object.fromEntries(answered))}`);
});

interface Answer {
	status: number;
	/** Names in lower case. */
	headers: Record<string, string>;
	body: string;
}

async function send(call: RawCall): Promise<Answer> {
	const res = await fetch(call.url, { method: call.method, headers: call.headers, body: call.body });
	answered.set(res.status, (answered.get(res.status) ?? 0) + 1);
	return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

/** What is wrong with the answer to `call`, or undefined when it is acceptable. */
function fault(call: RawCall, answer: Answer): string | undefined {
	if (answer.status >= 500) return `status ${answer.status}: ${answer.body.slice(0, 200)}`;
	let body: unknown = answer.body;
	if (answer.status !== 204) {
		const contentType = answer.headers['content-type'];
		if (!contentType?.startsWith('application/json')) return `status ${answer.status} as ${contentType}`;
		try {
			body = JSON.parse(answer.body);
		} catch {
			return `status ${answer.status} with a body that is not JSON`;
		}
	}
	// As GET /openapi.json describes it (a 204 with a body is refused there too).
	return referenceMismatch({ verb: call.method, url: call.url, status: answer.status, headers: answer.headers, body });
}

interface Case {
	name: string;
	call: RawCall;
}

/**
 * Runs a batch of cases. When every answer refused, the stored state must be as before. A batch that changed data
 * and where some hostile value happened to be valid (a 2xx) is replayed one case at a time, so that each refusal is
 * still checked on its own.
 */
async function runBatch(cases: Case[], faults: string[]): Promise<void> {
	const before = await storedState(t);
	const answers: Answer[] = [];
	for (let i = 0; i < cases.length; i += IN_FLIGHT) {
		answers.push(...(await Promise.all(cases.slice(i, i + IN_FLIGHT).map((c) => send(c.call)))));
	}
	answers.forEach((answer, i) => {
		const problem = fault(cases[i].call, answer);
		if (problem) faults.push(`${cases[i].name}: ${problem}`);
	});
	// Nothing changed: no refusal changed anything either.
	if ((await storedState(t)) === before) return;
	if (answers.every((answer) => answer.status >= 400)) {
		faults.push(`${cases[0].name} ...: a refused batch changed stored data`);
		return;
	}
	for (const c of cases) {
		const state = await storedState(t);
		const answer = await send(c.call);
		if (answer.status >= 400 && (await storedState(t)) !== state)
			faults.push(`${c.name}: refused with ${answer.status} but changed stored data`);
	}
}

/** Parameters of an input schema, plus `api_token`, which every API method reads (§5.2). */
function parametersOf(schema: InputSchema): string[] {
	return [...new Set([...parameterPaths(schema), 'api_token'])];
}

/**
 * The cases of one method or route, as batches. Full: every value in every parameter and encoding, one batch per
 * parameter. Default: every value once per target, spread over its parameters and the encodings in turn.
 */
function casesFor(
	target: string,
	baseline: Record<string, unknown>,
	parameters: string[],
	headers: Record<string, string>,
): Case[][] {
	const values = hostileValues();
	const at = (parameter: string, [valueName, value]: [string, unknown], encoding: Encoding): Case => ({
		name: `${target} ${parameter}=<${valueName}> as ${encoding}`,
		call: encode(`${t.url}${target}`, withValueAt(baseline, parameter, value), encoding, headers),
	});
	if (FULL)
		return parameters.map((parameter) => values.flatMap((value) => ENCODINGS.map((encoding) => at(parameter, value, encoding))));
	return [
		values.map((value, v) => at(parameters[v % parameters.length], value, ENCODINGS[(v + target.length) % ENCODINGS.length])),
	];
}

/** Whole requests that are wrong as requests. Full: all of them on every target; default: a third, in turn. */
function requestsFor(target: string, headers: Record<string, string>, turn: number): Case[] {
	const all = hostileRequests(`${t.url}${target}`, headers).map(([name, call]) => ({ name: `${target} ${name}`, call }));
	return FULL ? all : all.filter((_, i) => i % 3 === turn % 3);
}

test(
	'§4.1 §7.1 API: hostile values in every parameter and encoding: < 500, JSON, nothing stored by a refusal',
	async () => {
		const { user, project, bot } = await createUserWithBot(t);
		const stranger = await createUserWithBot(t);
		const list = await createListForTest(user, { project_uuid: project.uuid });
		const strangersList = await createListForTest(stranger.user, { project_uuid: stranger.project.uuid });
		const contact = await createContact(t, bot);
		const accountId = (await createContactAccountForTest(user, contact, 'USD')).id;
		// A balance, so that deleting the contact account is refused rather than done.
		expect((await topUp(user, accountId, 500)).status).toBe(200);
		const strangersItem = await createListItemForTest(t, strangersList.id, { title: 'theirs' });
		const strangersContact = await createContact(t, stranger.bot);
		const strangersAccountId = (await createContactAccountForTest(stranger.user, strangersContact)).id;

		// Valid values, so that a hostile value in one parameter meets valid ones in the others and reaches the rules.
		// Those of the writing methods are refused by a rule after validation (another's project, a taken slug or
		// currency, a non-empty account, ...), so that a refusal past the input rules is exercised too.
		const baseline: Record<string, Record<string, unknown>> = {
			getListSchema: { schema_id: list.id },
			createListSchema: {
				name: 'Corpus',
				project_uuid: stranger.project.uuid,
				fields: [{ name: 'F', slug: 'f', type: 'string' }],
			},
			deleteListSchema: { schema_id: strangersList.id },
			addListSchemaField: { schema_id: list.id, field: { name: 'G', slug: 'title', type: 'money', currency: 'EUR' } },
			deleteListSchemaField: { schema_id: strangersList.id, slug: 'title' },
			getContactAccounts: { contact_id: contact.id },
			addContactAccount: { contact_id: contact.id, currency: 'USD' },
			createContactAccount: { contact_id: contact.id, currency: 'USD' },
			deleteContactAccount: { account_id: accountId },
			addFundsToContactAccount: { account_id: strangersAccountId, amount: 1, description: 'corpus' },
			withdrawFundsFromContactAccount: { account_id: accountId, amount: 1000, description: 'corpus' },
			getListItems: { schema_id: list.id, filters: { title: 'x' }, order_by: 'title,desc', page: 1, limit: 10 },
			// An unknown slug: refused by the list's own rules, after the input's.
			addListItem: { schema_id: list.id, data: { title: 'x', unknown: 1 } },
			updateListItem: { item_id: strangersItem.id, data: { title: 'x' } },
			deleteListItem: { item_id: strangersItem.id },
			getContacts: { bot_id: bot.id },
			getNumberOfContacts: { bot_id: bot.id },
			createOrUpdateContact: { bot_id: stranger.bot.id, messenger: 'telegram', name: 'Corpus', telegram_id: 1 },
			getBotTags: { bot_id: bot.id },
			getContactTags: { contact_id: contact.id },
			attachTagToContact: { contact_id: strangersContact.id, name: 'corpus' },
			detachTagFromContact: { contact_id: strangersContact.id, name: 'corpus' },
			getContactVariables: { contact_id: contact.id },
			setContactVariable: { contact_id: strangersContact.id, name: 'corpus', value: 'v' },
			deleteContactVariable: { contact_id: contact.id, name: 'absent' },
		};
		const headers = { Accept: 'application/json', Authorization: `Bearer ${user.apiKey}` };
		const faults: string[] = [];
		for (const [turn, method] of apiMethods.entries()) {
			const target = `/api/v1/${method.name}`;
			for (const batch of casesFor(target, baseline[method.name] ?? {}, parametersOf(method.input), headers)) {
				await runBatch(batch, faults);
			}
			await runBatch(requestsFor(target, headers, turn), faults);
		}
		expect(faults).toEqual([]);
	},
	CORPUS_TIMEOUT_MS,
);

test(
	'§4.1 §7.1 admin API: hostile values in every body field and hostile requests: < 500, JSON, nothing stored by a refusal',
	async () => {
		const { user, bot } = await createUserWithBot(t);
		const list = await createListForTest(user, { bot_id: bot.id }, [{ name: 'Title', slug: 'title', type: 'string' }]);
		const missingId = '0123456789abcdef01234567';
		// Where each route that takes a body is called, and a valid body for it that fails after validation (an e-mail
		// taken, an owner that does not exist, ...), so that a refusal that got past the input rules is exercised too.
		const calls: Record<string, { path: Record<string, string | number>; baseline: Record<string, unknown> }> = {
			createUser: { path: {}, baseline: { name: 'N', email: user.email } },
			updateUser: { path: { id: missingId }, baseline: { plan: 'pro' } },
			createProject: { path: {}, baseline: { owner_id: missingId, name: 'P' } },
			inviteProjectMember: { path: { uuid: bot.project_uuid }, baseline: { user_id: missingId } },
			createBot: { path: {}, baseline: { project_uuid: 'no-such-project', name: 'B' } },
			deprecateMethod: { path: { method: 'getNumberOfContacts' }, baseline: {} },
			addListItem: { path: { id: list.id }, baseline: { values: {} } },
			createContact: { path: {}, baseline: { bot_id: 999_999_999, messenger: 'telegram', name: 'C', telegram_id: 1 } },
			// No API method has this name, so no value sets a fault (faults live in memory, beyond storedState's view).
			createFault: { path: {}, baseline: { method: 'noSuchMethod', status: 503 } },
			// A seed the seed's own rules refuse twice over, so that no one value makes it one that would replace this file's data.
			applySeed: { path: {}, baseline: { users: [{ name: 'S', email: 'not-an-email', api_key: 'short' }], bots: [{}] } },
		};
		const routes = adminRoutes.filter((route) => route.body !== undefined);
		expect(routes.map((route) => route.name).sort()).toEqual(Object.keys(calls).sort());
		/** A record's values are checked against its list's fields, which the declared body cannot name. */
		const perListParameters: Record<string, string[]> = { addListItem: ['values.title'] };
		const headers = { Accept: 'application/json', Authorization: `Bearer ${t.admin.token}` };
		const faults: string[] = [];
		for (const [turn, route] of routes.entries()) {
			const { path, baseline } = calls[route.name];
			const target = `/admin/v1${route.path.replace(/:(\w+)/g, (_, name: string) => String(path[name]))}`;
			const parameters = [...parameterPaths(route.body as InputSchema), ...(perListParameters[route.name] ?? [])];
			const verb = route.verb.toUpperCase();
			for (const batch of casesFor(target, baseline, parameters, headers)) {
				await runBatch(
					batch.map((c) => ({ ...c, call: { ...c.call, method: c.call.method === 'GET' ? 'GET' : verb } })),
					faults,
				);
			}
			await runBatch(requestsFor(target, headers, turn), faults);
		}
		const paths = [
			'/users/%E0%A4%A',
			'/bots/%',
			`/bots/${'9'.repeat(400)}`,
			'/contact-accounts/-1/journal',
			'/accounts/-1/journal',
			'/lists/%00/items',
			'/%E0%A4%A',
		];
		await runBatch(
			paths.map((path) => ({ name: `GET /admin/v1${path}`, call: { method: 'GET', url: `${t.url}/admin/v1${path}`, headers } })),
			faults,
		);
		expect(faults).toEqual([]);
	},
	CORPUS_TIMEOUT_MS,
);
