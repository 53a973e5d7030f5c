/**
 * Exporting contacts (getContacts in offset mode, spec §4.14): Return All costs ceil(N/1000) requests, a Limit never
 * over-fetches, and `date_to` is pinned at the start so a growing list is exported exactly once.
 * Requests are counted by the proxy in front of the real server.
 */
import { createUserWithBot, createContact, type TestUser, type TestBot } from '../../server/test/support/factories';
import { runNode } from './support/n8n-harness';
import { seedContacts } from './support/seed';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

let user: TestUser;
let seeded: number[];

beforeAll(async () => {
	const fixture = await createUserWithBot(env.t);
	user = fixture.user;
	seeded = await seedContacts(env.t, fixture.bot, 2500);
}, 60_000);

const nowSeconds = () => Math.floor(Date.now() / 1000);
const batches = () => env.proxy.calls('getContacts').map((r) => [r.body.offset, r.body.limit]);

test('Return All over 2,500 contacts takes 3 requests of 1000 and returns each contact once, in ID order', async () => {
	const before = nowSeconds();
	const result = await runNode({
		credentials: env.credentials(user),
		parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
	});
	const after = nowSeconds();
	expect(result.error).toBeUndefined();
	expect(result.json.map((c) => c.id)).toEqual(seeded);
	expect(batches()).toEqual([
		[0, 1000],
		[1000, 1000],
		[2000, 1000],
	]);
	const pins = new Set(env.proxy.calls('getContacts').map((r) => r.body.date_to));
	expect(pins.size).toBe(1);
	const [pin] = [...pins];
	expect(pin).toBeGreaterThanOrEqual(before);
	expect(pin).toBeLessThanOrEqual(after);
});

test.each([
	[30, [[0, 30]]],
	[1000, [[0, 1000]]],
	[
		1001,
		[
			[0, 1000],
			[1000, 1],
		],
	],
	[
		2500,
		[
			[0, 1000],
			[1000, 1000],
			[2000, 500],
		],
	],
])('a Limit of %d asks for exactly that many: %j', async (limit, expected) => {
	const result = await runNode({
		credentials: env.credentials(user),
		parameters: { resource: 'contact', operation: 'getAll', returnAll: false, limit },
	});
	expect(result.json.map((c) => c.id)).toEqual(seeded.slice(0, limit));
	expect(batches()).toEqual(expected);
});

test('a Limit above the number of contacts stops at the end without an extra request', async () => {
	const result = await runNode({
		credentials: env.credentials(user),
		parameters: { resource: 'contact', operation: 'getAll', returnAll: false, limit: 5000 },
	});
	expect(result.json).toHaveLength(2500);
	expect(batches()).toEqual([
		[0, 1000],
		[1000, 1000],
		[2000, 1000],
	]);
});

test('a Created To in the past is kept; one in the future is capped at the start of the export', async () => {
	const past = '2020-01-01T00:00:00Z';
	await runNode({
		credentials: env.credentials(user),
		parameters: { resource: 'contact', operation: 'getAll', returnAll: true, filters: { createdTo: past } },
	});
	expect(env.proxy.calls('getContacts').map((r) => r.body.date_to)).toEqual([Date.parse(past) / 1000]);

	env.proxy.clear();
	const before = nowSeconds();
	await runNode({
		credentials: env.credentials(user),
		parameters: {
			resource: 'contact',
			operation: 'getAll',
			returnAll: false,
			limit: 10,
			filters: { createdTo: '2999-01-01T00:00:00Z' },
		},
	});
	const [request] = env.proxy.calls('getContacts');
	expect(request.body.date_to).toBeGreaterThanOrEqual(before);
	expect(request.body.date_to).toBeLessThanOrEqual(nowSeconds());
});

describe('a list that grows during the export', () => {
	let grower: { user: TestUser; bot: TestBot; ids: number[] };

	beforeAll(async () => {
		const fixture = await createUserWithBot(env.t);
		grower = { ...fixture, ids: await seedContacts(env.t, fixture.bot, 2100) };
	}, 60_000);

	test('contacts arriving after the start never appear, and no contact appears twice', async () => {
		const arrived: number[] = [];
		env.proxy.afterForward('getContacts', async (_request, index) => {
			if (index > 1) return;
			// New contacts while the export runs: created after its start, so beyond the pinned date_to.
			for (let i = 0; i < 3; i++) {
				const contact = await createContact(env.t, grower.bot, { created_at: new Date(Date.now() + 2000).toISOString() });
				arrived.push(contact.id);
			}
		});
		const result = await runNode({
			credentials: env.credentials(grower.user),
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
		});
		const ids = result.json.map((c) => c.id as number);
		expect(ids).toEqual(grower.ids);
		expect(new Set(ids).size).toBe(ids.length);
		expect(arrived).toHaveLength(6);
		expect(ids.some((id) => arrived.includes(id))).toBe(false);
		expect(batches()).toEqual([
			[0, 1000],
			[1000, 1000],
			[2000, 1000],
		]);
	});
});
