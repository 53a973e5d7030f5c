/** Helpers of the trigger scenario tests, on the shared node-test set-up (`setup.ts`: real server + counting proxy). */
import { createUserWithBot, createListForTest, type TestUser, type TestBot } from '../../../server/test/support/factories';
import type { INodeParameters } from 'n8n-workflow';
import type { TestServer } from '../../../server/test/support/test-server';
import { Poller, type PollerOptions } from './poll';
import { seedContacts, seedListItems } from './seed';
import type { NodeTestEnv } from './setup';

/** A poller for `user`, talking to the server through the proxy. */
export function pollerFor(env: NodeTestEnv, user: TestUser, options: Omit<PollerOptions, 'credentials'> = {}): Poller {
	return new Poller({ credentials: env.credentials(user), ...options });
}

/** A user with one bot, and a trigger already activated for it (its first poll seeded the cursor). */
export async function activatedTrigger(env: NodeTestEnv, options: Omit<PollerOptions, 'credentials'> = {}) {
	const { user, project, bot } = await createUserWithBot(env.t);
	const poller = pollerFor(env, user, options);
	const first = await poller.poll();
	expect(first.output).toBeNull();
	env.proxy.clear();
	return { user, project, bot, poller };
}

/** `n` contacts of `bot` created now (or at `createdAt`) in one database call; their IDs, ascending. */
export const newContacts = (t: TestServer, bot: TestBot, n: number, createdAt = new Date()) => seedContacts(t, bot, n, createdAt);

/** The API methods the node called, in order. */
export const methods = (env: NodeTestEnv) => env.proxy.requests.map((request) => request.method);

/** Unix seconds of an ISO time or a Date, as the cursor stores it. */
export const seconds = (time: string | Date) => Math.floor(new Date(time).getTime() / 1000);

/** ISO text of Unix seconds, for `created_at`. */
export const isoAt = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The New List Item event (version 3) on `listId`. */
export const listItemParameters = (listId: string, options: INodeParameters = {}): INodeParameters => ({
	event: 'newListItem',
	list: { __rl: true, mode: 'id', value: listId },
	options,
});

/** A user with a list (one `title` field), and a New List Item trigger already activated for it. */
export async function activatedItemTrigger(env: NodeTestEnv, options: Omit<PollerOptions, 'credentials'> = {}) {
	const { user, project, bot } = await createUserWithBot(env.t);
	const list = await createListForTest(user, { project_uuid: project.uuid });
	const poller = pollerFor(env, user, { typeVersion: 3, parameters: listItemParameters(list.id), ...options });
	const first = await poller.poll();
	expect(first.output).toBeNull();
	env.proxy.clear();
	return { user, project, bot, list, poller };
}

/** An item added through the API, as a bot or an integration adds it. */
export async function addItem(user: TestUser, listId: string, title: string): Promise<{ id: string; created_at: string }> {
	const res = await user.api.call('addListItem', { schema_id: listId, data: { title } });
	if (res.status !== 201) throw new Error(`addListItem: expected 201, got ${res.status} ${JSON.stringify(res.data)}`);
	return res.data.data;
}

/** `n` items of the list created now (or at `createdAt`), from `instances` server instances; IDs in list order. */
export const newItems = (t: TestServer, listId: string, n: number, createdAt = new Date(), instances: number | string[] = 1) =>
	seedListItems(t, listId, n, createdAt, instances);

/** The IDs of the items a poll emitted. */
export const itemIds = (result: { json: { id?: unknown }[] }) => result.json.map((item) => item.id as string);
