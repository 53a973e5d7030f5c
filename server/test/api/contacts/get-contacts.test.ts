/** getContacts (§4.14). */
import {
	createUser,
	createUserWithBot,
	createBot,
	createContact,
	createProject,
	type ContactJson,
	type TestUser,
} from '../../support/factories';
import type { HttpResponse } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/test-server';
import { documentsSpecParameters } from '../../support/spec-parameters';
import { countsCommands } from '../../support/commands-per-call';

let t: TestServer;

beforeAll(async () => {
	t = await startTestServer();
});

afterAll(async () => {
	await t.close();
});

/** A whole second in the past, so that the contacts' creation times are exact and far from "now". */
const BASE_MS = Date.parse('2021-03-01T12:00:00Z');
const at = (seconds: number) => new Date(BASE_MS + seconds * 1000).toISOString();
const unix = (seconds: number) => BASE_MS / 1000 + seconds;

const ids = (contacts: ContactJson[]) => contacts.map((contact) => contact.id);

async function everything(user: TestUser, filter: Record<string, unknown> = {}): Promise<ContactJson[]> {
	const res = await user.api.call('getContacts', { ...filter, offset: 0, limit: 1000 });
	expect(res.status).toBe(200);
	return res.data.data;
}

async function count(user: TestUser, filter: Record<string, unknown> = {}): Promise<number> {
	const res = await user.api.call('getNumberOfContacts', filter);
	expect(res.status).toBe(200);
	return res.data.count;
}

describe('walking an export to the end while contacts keep arriving (§4.14 rules 2-4)', () => {
	/** 23 contacts over two bots, in the past; returns the user and a function that adds arrivals. */
	async function growingAccount() {
		const { user, project, bot } = await createUserWithBot(t);
		const otherBot = await createBot(t, project);
		for (let i = 0; i < 23; i++) await createContact(t, i % 3 === 0 ? otherBot : bot, { created_at: at(i) });
		// Each round: one contact after the cap (must never appear) and one inside it (lands after the cursor).
		const arrive = async () => {
			await createContact(t, bot);
			await createContact(t, otherBot, { created_at: at(500) });
		};
		return { user, arrive };
	}

	test('page mode: every capped contact exactly once, ascending by ID, following links.next', async () => {
		const { user, arrive } = await growingAccount();
		const dateTo = unix(1000);
		const seen: number[] = [];
		let page: number | null = 1;
		while (page !== null) {
			const res: HttpResponse = await user.api.call('getContacts', { count: 5, page, date_to: dateTo });
			expect(res.status).toBe(200);
			seen.push(...ids(res.data.data));
			const next: string | null = res.data.links.next;
			if (next !== null) {
				expect(new URL(next).search).toBe(`?page=${page + 1}`);
				await arrive();
			}
			page = next === null ? null : Number(new URL(next).searchParams.get('page'));
		}
		const final = ids(await everything(user, { date_to: dateTo }));
		expect(seen).toEqual(final);
		expect(final.length).toBeGreaterThanOrEqual(23);
		expect([...final].sort((a, b) => a - b)).toEqual(final);
		expect(await count(user, { date_to: dateTo })).toBe(final.length);
	});

	test('offset mode: every capped contact exactly once, ascending by ID, until a short batch', async () => {
		const { user, arrive } = await growingAccount();
		const dateTo = unix(1000);
		const seen: number[] = [];
		let offset = 0;
		for (;;) {
			const res = await user.api.call('getContacts', { offset, limit: 4, date_to: dateTo });
			expect(res.status).toBe(200);
			expect(res.data.meta).toEqual({ offset, limit: 4, total: expect.any(Number) });
			seen.push(...ids(res.data.data));
			if (res.data.data.length < 4) break;
			await arrive();
			offset += 4;
		}
		expect(seen).toEqual(ids(await everything(user, { date_to: dateTo })));
		expect(new Set(seen).size).toBe(seen.length);
	});
});

describe('page mode envelope (§4.2, §4.14 rule 2)', () => {
	test('the envelope, with Laravel meta.links whose URLs carry only page', async () => {
		const { user, bot } = await createUserWithBot(t);
		const created = [];
		for (let i = 0; i < 3; i++) created.push(await createContact(t, bot));
		const path = `${t.url}/api/v1/getContacts`;
		const res = await user.api.call('getContacts', { count: 2, bot_id: bot.id, date_from: 0 });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({
			data: created.slice(0, 2),
			links: { first: `${path}?page=1`, last: `${path}?page=2`, prev: null, next: `${path}?page=2` },
			meta: {
				current_page: 1,
				from: 1,
				last_page: 2,
				links: [
					{ url: null, label: '&laquo; Previous', active: false },
					{ url: `${path}?page=1`, label: '1', active: true },
					{ url: `${path}?page=2`, label: '2', active: false },
					{ url: `${path}?page=2`, label: 'Next &raquo;', active: false },
				],
				path,
				per_page: 2,
				to: 2,
				total: 3,
			},
		});
		const second = await user.api.call('getContacts', { count: 2, page: 2 });
		expect(second.data.data).toEqual(created.slice(2));
		expect(second.data.links).toMatchObject({ prev: `${path}?page=1`, next: null });
		expect(second.data.meta).toMatchObject({ current_page: 2, from: 3, to: 3 });
	});

	test('defaults: page 1 of 20; an empty export has one empty page', async () => {
		const user = await createUser(t);
		const res = await user.api.call('getContacts');
		expect(res.status).toBe(200);
		expect(res.data.data).toEqual([]);
		expect(res.data.meta).toMatchObject({ current_page: 1, per_page: 20, total: 0, last_page: 1, from: null, to: null });
		expect(res.data.links.next).toBeNull();
	});

	test('a page past the end is empty, even an enormous one', async () => {
		const { user, bot } = await createUserWithBot(t);
		await createContact(t, bot);
		for (const page of [2, Number.MAX_SAFE_INTEGER]) {
			const res = await user.api.call('getContacts', { page });
			expect(res.status).toBe(200);
			expect(res.data.data).toEqual([]);
			expect(res.data.meta).toMatchObject({ total: 1, last_page: 1, from: null });
		}
	});

	test('with 14 pages or more, meta.links is a window with "..." separators', async () => {
		const { user, bot } = await createUserWithBot(t);
		for (let i = 0; i < 15; i++) await createContact(t, bot);
		const labels = async (page: number) => {
			const res = await user.api.call('getContacts', { count: 1, page });
			return res.data.meta.links.map((link: { label: string; active: boolean }) =>
				link.active ? `[${link.label}]` : link.label,
			);
		};
		const [prev, next] = ['&laquo; Previous', 'Next &raquo;'];
		expect(await labels(1)).toEqual([prev, '[1]', '2', '3', '4', '5', '6', '7', '8', '9', '10', '...', '14', '15', next]);
		expect(await labels(8)).toEqual([prev, '1', '2', '...', '5', '6', '7', '[8]', '9', '10', '11', '...', '14', '15', next]);
		expect(await labels(15)).toEqual([prev, '1', '2', '...', '6', '7', '8', '9', '10', '11', '12', '13', '14', '[15]', next]);
	});
});

describe('offset mode (§4.14 rules 1 and 3)', () => {
	test('offset or limit alone selects it, with defaults 0 and 100, no links, and page and count ignored', async () => {
		const { user, bot } = await createUserWithBot(t);
		const created = [await createContact(t, bot), await createContact(t, bot), await createContact(t, bot)];
		const byOffset = await user.api.call('getContacts', { offset: 1, page: 7, count: 0 });
		expect(byOffset.status).toBe(200);
		expect(byOffset.data).toEqual({ data: created.slice(1), meta: { offset: 1, limit: 100, total: 3 } });
		const byLimit = await user.api.call('getContacts', { limit: 2, count: 'junk' });
		expect(byLimit.data).toEqual({ data: created.slice(0, 2), meta: { offset: 0, limit: 2, total: 3 } });
		const pastTheEnd = await user.api.call('getContacts', { offset: 3 });
		expect(pastTheEnd.data).toEqual({ data: [], meta: { offset: 3, limit: 100, total: 3 } });
	});

	test('a batch larger than one database reply (16 MiB) comes whole and in order', async () => {
		const { user, bot } = await createUserWithBot(t);
		// 15 variables of 60,000 characters: about 0.9 MB a contact, so 20 of them need two replies.
		const variables = Array.from({ length: 15 }, (_, i) => ({ name: `v${i}`, value: String(i % 10).repeat(60_000) }));
		const created: ContactJson[] = [];
		for (let i = 0; i < 20; i++) created.push(await createContact(t, bot, { variables }));
		const res = await user.api.call('getContacts', { offset: 1, limit: 1000 });
		expect(res.status).toBe(200);
		expect(res.data.meta).toEqual({ offset: 1, limit: 1000, total: 20 });
		expect(res.data.data).toEqual(created.slice(1));
		expect(res.data.data[18].variables[14].value).toBe('4'.repeat(60_000));
	});
});

describe('filters (§4.14, §4.15)', () => {
	async function timedContacts() {
		const { user, bot } = await createUserWithBot(t);
		const contacts: Record<string, ContactJson> = {};
		for (const [label, iso] of [
			['-1s', at(-1)],
			['0s', at(0)],
			['0.5s', new Date(BASE_MS + 500).toISOString()],
			['1s', at(1)],
			['2s', at(2)],
		]) {
			contacts[label] = await createContact(t, bot, { created_at: iso });
		}
		return { user, bot, contacts };
	}

	test('date_from and date_to are inclusive, whole seconds, in both modes and in the count', async () => {
		const { user, contacts } = await timedContacts();
		const cases: [Record<string, number>, string[]][] = [
			[{ date_from: unix(0) }, ['0s', '0.5s', '1s', '2s']],
			[{ date_to: unix(0) }, ['-1s', '0s', '0.5s']],
			[{ date_from: unix(0), date_to: unix(0) }, ['0s', '0.5s']],
			[{ date_from: unix(1), date_to: unix(1) }, ['1s']],
			[{ date_from: unix(-1), date_to: unix(2) }, ['-1s', '0s', '0.5s', '1s', '2s']],
			[{ date_from: unix(3) }, []],
			[{ date_to: unix(-2) }, []],
			[{ date_from: unix(2), date_to: unix(1) }, []],
		];
		for (const [filter, labels] of cases) {
			const expected = labels.map((label) => contacts[label].id);
			expect(ids(await everything(user, filter))).toEqual(expected);
			const page = await user.api.call('getContacts', { ...filter, count: 500 });
			expect(ids(page.data.data)).toEqual(expected);
			expect(page.data.meta.total).toBe(expected.length);
			expect(await count(user, filter)).toBe(expected.length);
		}
	});

	test("bot_id: the bot's contacts only; a foreign, unknown or deleted bot gives an empty list and 0, not an error (§7.4)", async () => {
		const { user, project, bot } = await createUserWithBot(t);
		const otherBot = await createBot(t, project);
		const mine = [await createContact(t, bot), await createContact(t, bot)];
		await createContact(t, otherBot);
		const stranger = await createUserWithBot(t);
		await createContact(t, stranger.bot);
		expect(await everything(user, { bot_id: bot.id })).toEqual(mine);
		expect(await count(user, { bot_id: bot.id })).toBe(2);
		await t.admin.expect(204, 'DELETE', `/bots/${otherBot.id}`);
		for (const botId of [stranger.bot.id, 987_654_321, otherBot.id]) {
			expect(await everything(user, { bot_id: botId })).toEqual([]);
			const page = await user.api.call('getContacts', { bot_id: botId });
			expect(page.status).toBe(200);
			expect(page.data.meta.total).toBe(0);
			expect(await count(user, { bot_id: botId })).toBe(0);
		}
	});

	test('contacts of a deleted bot leave the export and the count', async () => {
		const { user, project, bot } = await createUserWithBot(t);
		const doomed = await createBot(t, project);
		const kept = await createContact(t, bot);
		await createContact(t, doomed);
		expect(await count(user)).toBe(2);
		await t.admin.expect(204, 'DELETE', `/bots/${doomed.id}`);
		expect(await everything(user)).toEqual([kept]);
		expect(await count(user)).toBe(1);
		expect((await user.api.call('getContacts')).data.meta.total).toBe(1);
	});

	test('preview and deleted contacts are excluded everywhere (§2.4)', async () => {
		const { user, bot } = await createUserWithBot(t);
		const kept = await createContact(t, bot);
		await createContact(t, bot, { is_preview: true });
		const deleted = await createContact(t, bot);
		await t.admin.expect(204, 'DELETE', `/contacts/${deleted.id}`);
		expect(await everything(user)).toEqual([kept]);
		expect(await everything(user, { bot_id: bot.id })).toEqual([kept]);
		expect((await user.api.call('getContacts')).data.meta.total).toBe(1);
		expect(await count(user)).toBe(1);
		expect(await count(user, { bot_id: bot.id })).toBe(1);
	});

	test("tenants never see each other's contacts, not even through a team-member invitation (§1, §5.8)", async () => {
		const alice = await createUserWithBot(t);
		const bob = await createUserWithBot(t);
		await t.admin.expect(201, 'POST', `/projects/${bob.project.uuid}/members`, { user_id: alice.user.id });
		const aliceContact = await createContact(t, alice.bot);
		const bobContact = await createContact(t, bob.bot);
		expect(await everything(alice.user)).toEqual([aliceContact]);
		expect(await everything(bob.user)).toEqual([bobContact]);
		expect(await everything(alice.user, { bot_id: bob.bot.id })).toEqual([]);
		expect(await count(alice.user)).toBe(1);
	});
});

describe('parameter bounds and inputs (§4.14, §8, §7.1)', () => {
	let user: TestUser;

	beforeAll(async () => {
		user = await createUser(t);
		await createProject(t, user);
	});

	test.each([
		[{ count: 0 }, 422, 'count'],
		[{ count: 1 }, 200, ''],
		[{ count: 500 }, 200, ''],
		[{ count: 501 }, 422, 'count'],
		[{ page: 0 }, 422, 'page'],
		[{ page: 1 }, 200, ''],
		[{ limit: 0 }, 422, 'limit'],
		[{ limit: 1 }, 200, ''],
		[{ limit: 1000 }, 200, ''],
		[{ limit: 1001 }, 422, 'limit'],
		[{ offset: -1 }, 422, 'offset'],
		[{ offset: 0 }, 200, ''],
		[{ count: 1.5 }, 422, 'count'],
		[{ bot_id: 'abc' }, 422, 'bot_id'],
		[{ date_from: '2021-01-01' }, 422, 'date_from'],
		[{ date_to: 9e15 }, 422, 'date_to'],
	])('getContacts %j gives %i', async (params, status, key) => {
		for (const verb of ['POST', 'GET'] as const) {
			const res = await user.api.call('getContacts', params, { verb });
			expect(res.status).toBe(status);
			if (key) expect(Object.keys(res.data.errors)).toEqual([key]);
		}
	});

	test('"with" is accepted and ignored, as a string or a list', async () => {
		expect((await user.api.call('getContacts', { with: 'tags,variables' })).status).toBe(200);
		expect((await user.api.call('getContacts', { with: ['tags'] }, { verb: 'GET' })).status).toBe(200);
	});

	test('form and query inputs, numbers as strings', async () => {
		const { user: owner, bot } = await createUserWithBot(t);
		const contact = await createContact(t, bot);
		const params = { bot_id: String(bot.id), count: '5', page: '1', date_to: String(Math.ceil(Date.now() / 1000) + 60) };
		for (const options of [{ as: 'form' as const }, { verb: 'GET' as const }]) {
			const res = await owner.api.call('getContacts', params, options);
			expect(res.status).toBe(200);
			expect(res.data.data).toEqual([contact]);
			expect((await owner.api.call('getNumberOfContacts', params, options)).data).toEqual({ count: 1 });
		}
	});

	test('operators instead of values are refused with 422 (§7.1)', async () => {
		const injections: [Record<string, unknown>, string][] = [
			[{ bot_id: { $ne: 1 } }, 'bot_id'],
			[{ bot_id: { $in: [1, 2] } }, 'bot_id'],
			[{ date_from: { $gt: 0 } }, 'date_from'],
			[{ count: { $gt: 0 } }, 'count'],
			[{ offset: { $gt: 0 } }, 'offset'],
		];
		for (const [params, key] of injections) {
			for (const verb of ['POST', 'GET'] as const) {
				const res = await user.api.call('getContacts', params, { verb });
				expect(res.status).toBe(422);
				expect(Object.keys(res.data.errors)).toEqual([key]);
			}
		}
		const counted = await user.api.call('getNumberOfContacts', { bot_id: { $ne: 1 } }, { verb: 'GET' });
		expect(counted.status).toBe(422);
	});
});

documentsSpecParameters('getContacts', () => t, [
	['bot_id', false, 'integer'],
	['count', false, 'integer', { minimum: 1, maximum: 500 }],
	['page', false, 'integer', { minimum: 1 }],
	['offset', false, 'integer', { minimum: 0 }],
	['limit', false, 'integer', { minimum: 1, maximum: 1000 }],
	['date_from', false, 'integer'],
	['date_to', false, 'integer'],
]);

countsCommands('getContacts', {
	'page mode': async (server) => {
		const { user, bot } = await createUserWithBot(server);
		await createContact(server, bot);
		return { user, status: 200, call: () => user.api.call('getContacts', { page: 1, count: 20 }) };
	},
	'offset mode, one bot': async (server) => {
		const { user, bot } = await createUserWithBot(server);
		await createContact(server, bot);
		return { user, status: 200, call: () => user.api.call('getContacts', { offset: 0, limit: 100, bot_id: bot.id }) };
	},
});
