/**
 * Bot Platform Trigger: failures. A poll that fails leaves the cursor exactly as it was (saved and in memory), so
 * the next poll delivers everything; rate limits are waited out by the shared transport.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { createContact } from '../../server/test/support/factories';
import { useNodeTestEnv } from './support/setup';
import { activatedTrigger, newContacts, pollerFor } from './support/trigger-fixtures';

const env = useNodeTestEnv();

test('a 500 on the second page: NodeApiError, the cursor is unchanged, and the next poll delivers everything', async () => {
	const { bot, poller } = await activatedTrigger(env);
	const cursor = { ...poller.savedNodeData };
	const contacts = await newContacts(env.t, bot, 1500);
	// The second page fails: the fault is armed once the first page was answered.
	env.proxy.afterForward('getContacts', (_request, index) => {
		if (index === 0) env.proxy.inject('getContacts', { kind: 'respond', status: 500, body: { message: 'Server Error' } });
	});

	const failure = await poller.poll().catch((error: unknown) => error);

	expect(failure).toBeInstanceOf(NodeApiError);
	expect(failure).toMatchObject({ httpCode: '500', message: 'The Bot Platform server failed (HTTP 500)' });
	expect(env.proxy.calls('getContacts').length).toBe(2);
	expect(poller.savedNodeData).toEqual(cursor);

	env.proxy.clear();
	// Same live workflow as the failed poll: nothing it did before failing may show.
	const retry = await poller.poll();
	expect(retry.ids).toEqual(contacts);
	expect(env.proxy.requests.length).toBe(2);
	expect((await poller.poll()).output).toBeNull();
});

test('a 429 with Retry-After: 1 is waited out and the poll succeeds', async () => {
	const { bot, poller } = await activatedTrigger(env);
	const contact = await createContact(env.t, bot);
	env.proxy.inject('getContacts', {
		kind: 'respond',
		status: 429,
		headers: { 'Retry-After': '1' },
		body: { message: 'Too Many Attempts.' },
	});

	const result = await poller.poll();

	expect(result.ids).toEqual([contact.id]);
	expect(env.proxy.requests.map((r) => r.response?.status)).toEqual([429, 200]);
	expect(poller.savedNodeData.recentIds).toEqual([contact.id]);
});

test('a 429 asking for longer than the transport waits: NodeApiError and an unchanged cursor', async () => {
	const { bot, poller } = await activatedTrigger(env);
	const cursor = { ...poller.savedNodeData };
	const contact = await createContact(env.t, bot);
	env.proxy.inject('getContacts', {
		kind: 'respond',
		status: 429,
		headers: { 'Retry-After': '3600' },
		body: { message: 'Too Many Attempts.' },
	});

	const failure = await poller.poll().catch((error: unknown) => error);

	expect(failure).toBeInstanceOf(NodeApiError);
	expect(failure).toMatchObject({ httpCode: '429' });
	expect(poller.savedNodeData).toEqual(cursor);

	env.proxy.clear();
	expect((await poller.poll()).ids).toEqual([contact.id]);
});

test('a wrong API key: NodeApiError 401 with an actionable message, and nothing stored', async () => {
	const { user } = await activatedTrigger(env);
	const poller = pollerFor(env, { ...user, apiKey: 'not-the-key' });

	const failure = await poller.poll().catch((error: unknown) => error);

	expect(failure).toBeInstanceOf(NodeApiError);
	expect(failure).toMatchObject({ httpCode: '401', message: 'Invalid API key: re-test the credential' });
	expect(poller.saved).toEqual({});
});

test('a Bot ID that is not a positive whole number is a NodeOperationError, before any request', async () => {
	const { poller } = await activatedTrigger(env);
	poller.setParameters({ options: { botId: -3 } });

	await expect(poller.poll()).rejects.toBeInstanceOf(NodeOperationError);
	await expect(poller.poll('manual')).rejects.toThrow('Bot ID must be a positive whole number, got "-3"');
	expect(env.proxy.requests.length).toBe(0);
});
