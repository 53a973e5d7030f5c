/**
 * The error contract shared by every operation: each spec status becomes a NodeApiError with an actionable
 * message, the HTTP code and the item index; "On Error: Continue" turns it into an error item that n8n routes to
 * the main or the error output as the setting says (in both node versions); reads retry
 * transient failures, and Retry-After is honoured in both of its forms.
 */
import type { INodeParameters } from 'n8n-workflow';
import { contactAccountFixture, accountOf } from '../../server/test/support/contact-accounts';
import { createContact, createListForTest, createUser, createUserWithBot } from '../../server/test/support/factories';
import { runNode } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

const getMe = { resource: 'account', operation: 'getCurrent' };

describe('authentication errors (spec §5, §7.1)', () => {
	test('401: "Invalid API key: re-test the credential"', async () => {
		const result = await runNode({ credentials: { apiKey: 'wrong', baseUrl: env.proxy.url }, parameters: getMe });
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Invalid API key: re-test the credential',
			httpCode: '401',
		});
		expect(result.error?.description).toMatch(/regenerated/);
		expect(env.proxy.calls('getMe')).toHaveLength(1);
	});

	test('402: "The user of this API key needs the Pro plan", with the code', async () => {
		const user = await createUser(env.t, { plan: 'free' });
		const result = await runNode({ credentials: env.credentials(user), parameters: getMe });
		expect(result.error).toMatchObject({ message: 'The user of this API key needs the Pro plan', httpCode: '402' });
		expect(result.error?.context?.botPlatform).toEqual({ method: 'getMe', status: 402, code: 'pro_required', errors: null });
	});

	test('403: a blocked user is refused with the server’s reason', async () => {
		const user = await createUser(env.t);
		await env.t.admin.expect(200, 'PATCH', `/users/${user.id}`, { blocked: true });
		const result = await runNode({ credentials: env.credentials(user), parameters: getMe });
		expect(result.error).toMatchObject({ message: 'Access denied: Your account is blocked.', httpCode: '403' });
	});
});

describe('errors carry their item', () => {
	test('the failing item’s index is on the error; earlier items were processed', async () => {
		const { user, bot } = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(user),
			items: [{ bot: bot.id }, { bot: 999_999 }],
			parameters: {
				resource: 'contact',
				operation: 'upsert',
				botId: '={{ $json.bot }}',
				messenger: 'telegram',
				telegramId: '77',
				name: 'N',
			},
		});
		expect(result.error).toMatchObject({ message: 'Bot not found: check the Bot ID' });
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(env.proxy.calls('createOrUpdateContact')).toHaveLength(2);
	});

	test('Continue On Fail: every failed item is an error item with the same shape, paired with its input', async () => {
		const good = await createUser(env.t);
		const result = await runNode({
			credentials: env.credentials(good),
			continueOnFail: true,
			items: [{}, {}],
			parameters: {
				resource: 'contactAccount',
				operation: 'getAll',
				contactId: '={{ $itemIndex === 0 ? 123456789 : "x" }}',
				returnAll: true,
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{
				json: {
					error: 'Contact not found: check the Contact ID',
					description: 'Contact not found.\nNo contact with this ID exists in your bots, or it (or its bot) was deleted.',
					status: 404,
				},
				pairedItem: { item: 0 },
			},
			{ json: { error: 'Contact ID must be a positive whole number, got "x"' }, pairedItem: { item: 1 } },
		]);
	});
});

describe('the node settings "On Error: Continue" (n8n decides where each item goes)', () => {
	const withdrawals = (accountId: number): INodeParameters => ({
		resource: 'contactAccount',
		operation: 'withdrawFunds',
		accountId,
		amountUnit: 'minor',
		amount: '={{ $json.amount }}',
		description: '={{ "Order " + $json.order }}',
	});
	const message = 'Insufficient funds on the contact account';
	const details = {
		description: expect.stringMatching(/^account_id: Insufficient funds/),
		status: 422,
		code: 'insufficient_funds',
		errors: { account_id: [expect.stringMatching(/^Insufficient funds/)] },
	};

	test.each([1, 2])(
		'version %d, "Continue (using error output)": a refused debit reaches the error branch with its input and all details in error, the others the success branch',
		async (typeVersion) => {
			const fixture = await contactAccountFixture(env.t, { balance: 500 });
			const result = await runNode({
				credentials: env.credentials(fixture.owner),
				typeVersion,
				onError: 'continueErrorOutput',
				items: [
					{ order: 1, amount: 100 },
					{ order: 2, amount: 10_000 },
					{ order: 3, amount: 200 },
				],
				parameters:
					typeVersion === 1
						? withdrawals(fixture.accountId)
						: { ...withdrawals(fixture.accountId), accountBy: 'id', accountId: String(fixture.accountId) },
			});
			expect(result.error).toBeUndefined();
			expect(result.branches?.success.map((contactAccount) => contactAccount.amount)).toEqual([400, 200]);
			// n8n adds the input item's fields; the node's own item may hold nothing but `error` (n8n 1.x and 2.x).
			expect(result.branches?.error).toEqual([{ order: 2, amount: 10_000, error: { message, ...details } }]);
			expect((await accountOf(fixture)).amount).toBe(200);
		},
	);

	test('"Continue (regular output)": the refused debit stays on the main output, in its place, with status, code and errors', async () => {
		const fixture = await contactAccountFixture(env.t, { balance: 500 });
		const result = await runNode({
			credentials: env.credentials(fixture.owner),
			onError: 'continueRegularOutput',
			items: [
				{ order: 1, amount: 100 },
				{ order: 2, amount: 10_000 },
			],
			parameters: withdrawals(fixture.accountId),
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			expect.objectContaining({ id: fixture.accountId, amount: 400 }),
			{ error: message, ...details },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('the new resources under each "On Error" setting (version 3.1)', () => {
	const byId = (value: number | string) => ({ __rl: true, mode: 'id', value: String(value) });
	type Owner = Awaited<ReturnType<typeof createUserWithBot>>;
	/** One refusal per new resource, each on its own data: the node's parameters and what n8n must say. */
	const refusals: Array<[string, (owner: Owner) => Promise<INodeParameters>, string, number]> = [
		[
			'Tag → Add to Contact, a contact that does not exist',
			async () => ({
				resource: 'tag',
				operation: 'addToContact',
				contactId: byId(999_999_999),
				tag: { __rl: true, mode: 'name', value: 'vip' },
			}),
			'Contact not found: check the Contact ID',
			404,
		],
		[
			'Contact Variable → Set, a name over 255 characters',
			async ({ bot }) => ({
				resource: 'contactVariable',
				operation: 'set',
				contactId: byId((await createContact(env.t, bot)).id),
				variableName: 'n'.repeat(256),
				value: 'v',
			}),
			'Invalid input',
			422,
		],
		[
			'List Item → Get Many, a deleted list',
			async ({ user, project }) => {
				const list = await createListForTest(user, { project_uuid: project.uuid }, [
					{ name: 'Title', slug: 'title', type: 'string' },
				]);
				expect((await user.api.call('deleteListSchema', { schema_id: list.id })).status).toBe(204);
				return { resource: 'listItem', operation: 'getAll', list: byId(list.id), returnAll: true };
			},
			'List not found: check the List ID',
			404,
		],
	];

	test.each(refusals)('%s: "Stop Workflow" (the default) fails the run with the message', async (_, arrange, message, status) => {
		const owner = await createUserWithBot(env.t);
		const result = await runNode({
			credentials: env.credentials(owner.user),
			typeVersion: 3.1,
			parameters: await arrange(owner),
		});
		expect(result.run.status).toBe('error');
		expect(result.error).toMatchObject({ name: 'NodeApiError', httpCode: String(status) });
		expect(result.error?.message).toMatch(new RegExp(`^${message}`));
		expect(result.json).toEqual([]);
	});

	test.each(refusals)(
		'%s: "Continue (using error output)" sends the item to the error branch, "Continue (regular output)" keeps it on the main output',
		async (_, arrange, message, status) => {
			const owner = await createUserWithBot(env.t);
			const parameters = await arrange(owner);
			const run = (onError: 'continueErrorOutput' | 'continueRegularOutput') =>
				runNode({ credentials: env.credentials(owner.user), typeVersion: 3.1, onError, items: [{ order: 7 }], parameters });
			const branched = await run('continueErrorOutput');
			expect(branched.error).toBeUndefined();
			expect(branched.branches).toEqual({
				success: [],
				error: [
					{ order: 7, error: expect.objectContaining({ message: expect.stringMatching(new RegExp(`^${message}`)), status }) },
				],
			});
			const regular = await run('continueRegularOutput');
			expect(regular.error).toBeUndefined();
			expect(regular.json).toEqual([
				expect.objectContaining({ error: expect.stringMatching(new RegExp(`^${message}`)), status }),
			]);
		},
	);
});

describe('what the server says about methods', () => {
	test('a method the server does not know: the Base URL or server version is the likely cause', async () => {
		const user = await createUser(env.t);
		env.proxy.inject('getMe', { kind: 'respond', status: 404, body: { error: 'Unknown method getMe.' } });
		const result = await runNode({ credentials: env.credentials(user), parameters: getMe });
		expect(result.error).toMatchObject({ message: 'This server does not offer the "getMe" method', httpCode: '404' });
		expect(result.error?.description).toMatch(/Check the Base URL/);
	});

	test('410 method_removed after a sunset; a deprecated method still works until then', async () => {
		const { user } = await createUserWithBot(env.t);
		const count = { resource: 'contact', operation: 'count' };
		await env.t.admin.expect(200, 'PUT', '/deprecations/getNumberOfContacts', {
			sunset: new Date(Date.now() + 86_400_000).toISOString(),
		});
		try {
			const before = await runNode({ credentials: env.credentials(user), parameters: count });
			expect(before.json).toEqual([{ count: 0 }]);
			await env.t.admin.expect(200, 'PUT', '/deprecations/getNumberOfContacts', {
				sunset: new Date(Date.now() - 1000).toISOString(),
			});
			const after = await runNode({ credentials: env.credentials(user), parameters: count });
			expect(after.error).toMatchObject({ message: 'The Bot Platform switched this method off', httpCode: '410' });
			expect(after.error?.context?.botPlatform).toMatchObject({ code: 'method_removed' });
		} finally {
			await env.t.admin.expect(204, 'DELETE', '/deprecations/getNumberOfContacts');
		}
	});
});

describe('transient failures of reads', () => {
	test('a reset and a 503 on a read are retried, then it succeeds', async () => {
		const user = await createUser(env.t);
		env.proxy.inject('getMe', { kind: 'reset-before-forward' }, { kind: 'respond', status: 503, body: { message: 'down' } });
		const result = await runNode({ credentials: env.credentials(user), parameters: getMe });
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ id: user.id });
		expect(env.proxy.calls('getMe')).toHaveLength(3);
	}, 15_000);

	test('a read that keeps failing stops after 3 retries and says how often it tried', async () => {
		const user = await createUser(env.t);
		env.proxy.inject('getMe', ...Array(4).fill({ kind: 'reset-before-forward' }));
		const result = await runNode({ credentials: env.credentials(user), parameters: getMe });
		expect(result.error?.message).toBe('The connection to the Bot Platform was lost');
		expect(result.error?.description).toMatch(/Tried 4 times\./);
		expect(env.proxy.calls('getMe')).toHaveLength(4);
	}, 20_000);

	test('a refused connection is not retried: it names the Base URL', async () => {
		const result = await runNode({ credentials: { apiKey: 'k', baseUrl: 'http://127.0.0.1:1' }, parameters: getMe });
		expect(result.error?.message).toBe('The Bot Platform refused the connection: check the Base URL');
		expect(result.error?.description).toMatch(/^ECONNREFUSED/);
	});
});

describe('429 with Retry-After in both forms (injected; the real limit is in rate-limit.test.ts)', () => {
	test('delay-seconds', async () => {
		const user = await createUser(env.t);
		env.proxy.inject('getMe', {
			kind: 'respond',
			status: 429,
			headers: { 'Retry-After': '2' },
			body: { message: 'Too Many Attempts.' },
		});
		const started = Date.now();
		const result = await runNode({ credentials: env.credentials(user), parameters: getMe });
		expect(result.error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
		expect(env.proxy.calls('getMe')).toHaveLength(2);
	});

	test('HTTP-date', async () => {
		const user = await createUser(env.t);
		const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000).toUTCString();
		env.proxy.inject('getMe', {
			kind: 'respond',
			status: 429,
			headers: { 'Retry-After': at },
			body: { message: 'Too Many Attempts.' },
		});
		const started = Date.now();
		const result = await runNode({ credentials: env.credentials(user), parameters: getMe });
		expect(result.error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
		expect(env.proxy.calls('getMe')).toHaveLength(2);
	});

	test('a wait longer than the budget is not started: the error says how long the server asked for', async () => {
		const user = await createUser(env.t);
		env.proxy.inject('getMe', {
			kind: 'respond',
			status: 429,
			headers: { 'Retry-After': '3600' },
			body: { message: 'Too Many Attempts.' },
		});
		const started = Date.now();
		const result = await runNode({ credentials: env.credentials(user), parameters: getMe });
		expect(Date.now() - started).toBeLessThan(5000);
		expect(result.error).toMatchObject({ message: 'Rate limit reached: too many requests to the Bot Platform', httpCode: '429' });
		expect(result.error?.description).toMatch(/Waited 0 s in total; the server asks to wait 3600 s more\./);
		expect(env.proxy.calls('getMe')).toHaveLength(1);
	});
});
