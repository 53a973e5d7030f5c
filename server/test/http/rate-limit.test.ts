/**
 * §8 rate limit: per user, across all methods and keys, shared by every instance on one database. The window
 * (a minute from the account's first call) lives on the user document; the tests that need a window to have ended,
 * or to end soon, move its end in the database rather than wait for it.
 */
import { Types } from 'mongoose';
import { createUser, type TestUser } from '../support/factories';
import { databaseUriOf, startTestServer, type TestServer } from '../support/test-server';

const LIMIT = 5;

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer({ rateLimitPerMinute: LIMIT });
});
afterAll(() => t.close());

const users = () => t.server.database.connection.collection('users');
const storedWindow = async (user: TestUser) =>
	(await users().findOne({ _id: new Types.ObjectId(user.id) }))?.rateWindow as { endsAt: Date; calls: number } | undefined;
/** Moves the end of the account's window, as time passing would. */
const windowEndsIn = (user: TestUser, ms: number) =>
	users().updateOne({ _id: new Types.ObjectId(user.id) }, { $set: { 'rateWindow.endsAt': new Date(Date.now() + ms) } });
const statusesOf = (answers: Array<{ status: number }>) => answers.map((res) => res.status);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

test('§8 the limit counts every method of a user; the next call is a 429 with Retry-After', async () => {
	const { api } = await createUser(t);
	const remaining: string[] = [];
	for (let i = 0; i < LIMIT; i++) {
		const res = await api.call(i % 2 ? 'getMe' : 'getListSchemas');
		expect(res.status).toBe(200);
		expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
		remaining.push(res.headers['x-ratelimit-remaining']);
	}
	expect(remaining).toEqual(['4', '3', '2', '1', '0']);
	const over = await api.call('getMe');
	expect(over.status).toBe(429);
	expect(over.data).toEqual({ message: 'Too Many Attempts.' });
	expect(over.headers['x-ratelimit-limit']).toBe(String(LIMIT));
	expect(over.headers['x-ratelimit-remaining']).toBe('0');
	const retryAfter = Number(over.headers['retry-after']);
	expect(Number.isInteger(retryAfter)).toBe(true);
	expect(retryAfter).toBeGreaterThanOrEqual(1);
	expect(retryAfter).toBeLessThanOrEqual(60);
});

test('§8 Retry-After gives the seconds left in the window', async () => {
	const user = await createUser(t);
	await Promise.all(Array.from({ length: LIMIT }, () => user.api.call('getMe')));
	await windowEndsIn(user, 10_000);
	const over = await user.api.call('getMe');
	expect(over.status).toBe(429);
	expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(9);
	expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(10);
});

test('§8 Retry-After never exceeds the 60-second window, even when the window was opened a moment after the call began', async () => {
	const user = await createUser(t);
	await Promise.all(Array.from({ length: LIMIT }, () => user.api.call('getMe')));
	// What a call sees whose clock was read just before a parallel call on another instance opened the window.
	await windowEndsIn(user, 60_400);
	const over = await user.api.call('getMe');
	expect(over.status).toBe(429);
	expect(over.headers['retry-after']).toBe('60');
});

test('§8 parallel calls never get more than the limit through', async () => {
	const { api } = await createUser(t);
	const statuses = statusesOf(await Promise.all(Array.from({ length: 3 * LIMIT }, () => api.call('getMe'))));
	expect(count(statuses, 200)).toBe(LIMIT);
	expect(count(statuses, 429)).toBe(2 * LIMIT);
});

test('§8 the first call after the window has ended opens a new one with the whole limit', async () => {
	const user = await createUser(t);
	await Promise.all(Array.from({ length: LIMIT + 1 }, () => user.api.call('getMe')));
	expect((await user.api.call('getMe')).status).toBe(429);
	await windowEndsIn(user, -1);
	const first = await user.api.call('getMe');
	expect(first.status).toBe(200);
	expect(first.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
	// The new window runs a minute from this call.
	const window = await storedWindow(user);
	expect(window?.calls).toBe(1);
	expect(window!.endsAt.getTime() - Date.now()).toBeGreaterThan(55_000);
	expect(window!.endsAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
	const rest = statusesOf(await Promise.all(Array.from({ length: LIMIT }, () => user.api.call('getMe'))));
	expect(count(rest, 200)).toBe(LIMIT - 1);
	expect(count(rest, 429)).toBe(1);
});

test('§8 a user that has never called has no window until its first call', async () => {
	const user = await createUser(t);
	expect(await storedWindow(user)).toBeUndefined();
	expect((await user.api.call('getMe')).headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
	expect((await storedWindow(user))?.calls).toBe(1);
});

test('§5 §8 a user document stored without `blocked` (written by another tool) is served and counted', async () => {
	const user = await createUser(t);
	await users().updateOne({ _id: new Types.ObjectId(user.id) }, { $unset: { blocked: '' } });
	const first = await user.api.call('getMe');
	const second = await user.api.call('getMe');
	expect([first.status, second.status]).toEqual([200, 200]);
	expect([first.headers['x-ratelimit-remaining'], second.headers['x-ratelimit-remaining']]).toEqual([
		String(LIMIT - 1),
		String(LIMIT - 2),
	]);
	expect((await storedWindow(user))?.calls).toBe(2);
});

test('§8 users are limited separately', async () => {
	const [first, second] = await Promise.all([createUser(t), createUser(t)]);
	await Promise.all(Array.from({ length: LIMIT }, () => first.api.call('getMe')));
	expect((await first.api.call('getMe')).status).toBe(429);
	expect((await second.api.call('getMe')).status).toBe(200);
});

test('§8 a regenerated key does not reset the user’s budget', async () => {
	const user = await createUser(t);
	await Promise.all(Array.from({ length: LIMIT }, () => user.api.call('getMe')));
	const { data } = await t.admin.expect(200, 'POST', `/users/${user.id}/api-key`);
	expect((await user.api.withKey(data.api_key).call('getMe')).status).toBe(429);
});

test('§5.6 §7.1 calls refused as blocked (403) or off Pro (402) use up none of the limit', async () => {
	const user = await createUser(t);
	await t.admin.expect(200, 'PATCH', `/users/${user.id}`, { blocked: true });
	const blocked = statusesOf(await Promise.all(Array.from({ length: LIMIT + 1 }, () => user.api.call('getMe'))));
	expect(blocked).toEqual(Array(LIMIT + 1).fill(403));
	await t.admin.expect(200, 'PATCH', `/users/${user.id}`, { blocked: false, plan: 'free' });
	const free = statusesOf(await Promise.all(Array.from({ length: LIMIT + 1 }, () => user.api.call('getMe'))));
	expect(free).toEqual(Array(LIMIT + 1).fill(402));
	await t.admin.expect(200, 'PATCH', `/users/${user.id}`, { plan: 'pro' });
	const pro = statusesOf(await Promise.all(Array.from({ length: LIMIT }, () => user.api.call('getMe'))));
	expect(pro).toEqual(Array(LIMIT).fill(200));
});

describe('two server instances on one database', () => {
	let second: TestServer;
	beforeAll(async () => {
		second = await startTestServer({ rateLimitPerMinute: LIMIT, mongodbUri: databaseUriOf(t) });
	});
	afterAll(() => second.server.close());

	/** `calls` parallel getMe calls, every other one on the second instance. */
	const onBoth = async (user: TestUser, calls: number) =>
		statusesOf(
			await Promise.all(
				Array.from({ length: calls }, (_, i) => (i % 2 ? user.api : user.api.onServer(second.url)).call('getMe')),
			),
		);

	test('§8 they share one limit', async () => {
		const user = await createUser(t);
		const statuses = await onBoth(user, 3 * LIMIT);
		expect(count(statuses, 200)).toBe(LIMIT);
		expect(count(statuses, 429)).toBe(2 * LIMIT);
	});

	test('§8 racing at the end of a window, they open one new window between them', async () => {
		const user = await createUser(t);
		await onBoth(user, LIMIT + 1);
		await windowEndsIn(user, -1);
		const statuses = await onBoth(user, 3 * LIMIT);
		expect(count(statuses, 200)).toBe(LIMIT);
		expect(count(statuses, 429)).toBe(2 * LIMIT);
		expect((await storedWindow(user))?.calls).toBe(3 * LIMIT);
	});

	test('§5.4 a key regenerated through one is refused at once by the other', async () => {
		const user = await createUser(t);
		const onSecond = user.api.onServer(second.url);
		expect((await onSecond.call('getMe')).status).toBe(200);
		const { data } = await t.admin.expect(200, 'POST', `/users/${user.id}/api-key`);
		expect((await onSecond.call('getMe')).status).toBe(401);
		expect((await onSecond.withKey(data.api_key).call('getMe')).status).toBe(200);
	});
});
