/**
 * §5.7 §8 failed authentications stay cheap to refuse, and are throttled without refusing a valid key: each client's
 * own failures decide its 429, and a flood of invalid keys from one address costs a bounded number of lookups.
 * Every client here shares one address, as clients behind n8n Cloud, a NAT or a CI runner do.
 */
import { randomBytes } from 'node:crypto';
import { ApiClient } from '../support/api-client';
import { CommandCounter } from '../support/command-counter';
import { createUser, type TestUser } from '../support/factories';
import { databaseUriOf, startTestServer, type TestServer } from '../support/test-server';

const ALLOWED_FAILURES = 5;
/** One batched lookup a second at most, for an address that has spent its lookups (`api-key-throttle.ts`). */
const BATCH_INTERVAL_MS = 1000;

let t: TestServer;
let counter: CommandCounter;
beforeAll(async () => {
	t = await startTestServer({ authFailuresPerMinute: ALLOWED_FAILURES }, undefined, undefined, { monitorCommands: true });
	counter = new CommandCounter(t);
});
afterAll(() => t.close());

/** A key shaped like ours that no user has. */
const unknownKey = () => `bp_${randomBytes(32).toString('base64url')}`;
const statusOf = async (api: ApiClient) => (await api.call('getMe')).status;
/** The commands on users while `work` runs (not the deprecations' re-reads). */
const userCommands = async (work: () => Promise<unknown>) =>
	(await counter.during(work)).commands.filter((command) => command.startsWith('users.')).length;

/** Spends the address's lookups of unknown keys on `server`, so that what follows meets a flooding address. */
async function spendLookups(server: TestServer) {
	const statuses = await Promise.all(
		Array.from({ length: ALLOWED_FAILURES + 1 }, () => statusOf(new ApiClient(server.url, unknownKey()))),
	);
	expect(statuses).toEqual(Array(ALLOWED_FAILURES + 1).fill(401));
}

test('§5.7 a key no user can have (too short, too long, a space) is refused without a lookup, and never with 429', async () => {
	const lookups = await userCommands(async () => {
		for (const key of ['wrong', 'bp_short', 'x'.repeat(201)]) {
			for (let i = 0; i < 3 * ALLOWED_FAILURES; i++) {
				const res = await new ApiClient(t.url, key).call('getMe');
				expect([res.status, res.data]).toEqual([401, { error: 'unauthorized' }]);
			}
		}
		const spaced = await new ApiClient(t.url, '').call('getMe', { api_token: `bp_${'a'.repeat(20)} x` }, { noAuth: true });
		expect(spaced.status).toBe(401);
	});
	expect(lookups).toBe(0);
});

test('§5.7 §8 a wrong key: 401 up to the allowance, then 429 with Retry-After and no lookup, for that key alone', async () => {
	const user = await createUser(t);
	const wrong = new ApiClient(t.url, unknownKey());
	for (let i = 0; i < ALLOWED_FAILURES; i++) expect(await statusOf(wrong)).toBe(401);
	const lookups = await userCommands(async () => {
		for (let i = 0; i < 20; i++) {
			const res = await wrong.call('getMe');
			expect([res.status, res.data]).toEqual([429, { message: expect.any(String) }]);
			expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
		}
	});
	expect(lookups).toBe(0);
	// Others at the same address are not refused for it: a valid key, and another client's wrong key.
	expect(await statusOf(user.api)).toBe(200);
	expect(await statusOf(new ApiClient(t.url, unknownKey()))).toBe(401);
});

test('§8 a flood of distinct invalid keys from one address costs a bounded number of lookups, and valid keys are served meanwhile', async () => {
	// A server of its own, so that the address starts with all its lookups.
	const flooded = await startTestServer({ authFailuresPerMinute: ALLOWED_FAILURES }, undefined, undefined, {
		monitorCommands: true,
	});
	try {
		await floodAndCount(flooded);
	} finally {
		await flooded.close();
	}
});

async function floodAndCount(server: TestServer) {
	const counter = new CommandCounter(server);
	const regular = await createUser(server);
	expect(await statusOf(regular.api)).toBe(200);
	const FLOOD = 400;
	const started = Date.now();
	let served: number[] = [];
	const commands = await counter.during(async () => {
		const flood = Promise.all(Array.from({ length: FLOOD }, () => statusOf(new ApiClient(server.url, unknownKey()))));
		// A key used before, and one created during the flood (as after a database loss, where every old key is
		// unknown): neither has its address's lookups to spend.
		const fresh = await createUser(server);
		served = await Promise.all([statusOf(regular.api), statusOf(fresh.api), statusOf(regular.api)]);
		expect(await flood).toEqual(Array(FLOOD).fill(401));
	});
	const lookups = commands.commands.filter((command) => command.startsWith('users.')).length;
	const seconds = (Date.now() - started) / 1000;
	expect(served).toEqual([200, 200, 200]);
	// Each key looked up alone costs two commands (the call's count, then the read that finds no key); past the
	// address's allowance, its unknown keys share one command a second. The valid calls add about two each.
	const bound = 2 * ALLOWED_FAILURES + Math.floor(seconds / (BATCH_INTERVAL_MS / 1000)) + 1 + 3 * 3;
	expect(lookups).toBeLessThanOrEqual(bound);
	expect(lookups).toBeLessThan(FLOOD / 10);
}

test('§5.7 the admin token sent as an API key is a 401, also from an address that floods', async () => {
	await spendLookups(t);
	const res = await new ApiClient(t.url, t.admin.token).call('getMe');
	expect([res.status, res.data]).toEqual([401, { error: 'unauthorized' }]);
});

describe('revoked keys, on one instance and on two sharing a database', () => {
	let first: TestServer;
	let second: TestServer;
	beforeAll(async () => {
		first = await startTestServer({ authFailuresPerMinute: ALLOWED_FAILURES });
		second = await startTestServer({ authFailuresPerMinute: ALLOWED_FAILURES, mongodbUri: databaseUriOf(first) });
	});
	afterAll(async () => {
		await second.server.close();
		await first.close();
	});

	test('§5.4 §8 a revoked key sent 120 times does not block the new key of the same user', async () => {
		const user = await createUser(first);
		const { data } = await first.admin.expect(200, 'POST', `/users/${user.id}/api-key`);
		const statuses = [];
		for (let i = 0; i < 120; i++) statuses.push(await statusOf(user.api));
		expect(statuses.slice(0, ALLOWED_FAILURES)).toEqual(Array(ALLOWED_FAILURES).fill(401));
		expect(statuses.slice(ALLOWED_FAILURES)).toEqual(Array(120 - ALLOWED_FAILURES).fill(429));
		expect(await statusOf(user.api.withKey(data.api_key))).toBe(200);
	});

	test('§5.4 §8 a revoked key flooded through both blocks neither instance for the new key, nor for a fresh user', async () => {
		const user = await createUser(first);
		const { data } = await first.admin.expect(200, 'POST', `/users/${user.id}/api-key`);
		const revoked: Record<string, number[]> = { first: [], second: [] };
		for (let i = 0; i < 120; i++) {
			revoked.first.push(await statusOf(user.api));
			revoked.second.push(await statusOf(user.api.onServer(second.url)));
		}
		for (const statuses of Object.values(revoked)) expect(statuses.slice(-1)).toEqual([429]);
		await spendLookups(first);
		await spendLookups(second);
		const fresh: TestUser = await createUser(second);
		for (const url of [first.url, second.url]) {
			expect(await statusOf(new ApiClient(url, data.api_key))).toBe(200);
			expect(await statusOf(fresh.api.onServer(url))).toBe(200);
		}
	});
});

describe('wrong admin tokens are counted per address, apart from API keys', () => {
	test('401 up to the allowance, then 429 even for the right token; API keys are not locked out', async () => {
		const fresh = await startTestServer({ authFailuresPerMinute: ALLOWED_FAILURES });
		try {
			const user = await createUser(fresh);
			for (let i = 0; i < ALLOWED_FAILURES; i++) {
				expect((await fresh.admin.request('GET', '/bots/1', undefined, 'wrong-token')).status).toBe(401);
			}
			const refused = await fresh.admin.request('GET', '/bots/1', undefined, 'wrong-token');
			expect(refused.status).toBe(429);
			expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
			expect((await fresh.admin.request('GET', '/bots/1')).status).toBe(429);
			expect((await user.api.call('getMe')).status).toBe(200);
		} finally {
			await fresh.close();
		}
	});
});
