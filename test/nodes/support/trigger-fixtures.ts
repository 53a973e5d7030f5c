/** Helpers of the trigger scenario tests, on the shared node-test set-up (`setup.ts`: real server + counting proxy). */
import { createUserWithBot, type TestUser, type TestBot } from '../../../server/test/support/factories';
import type { TestServer } from '../../../server/test/support/test-server';
import { Poller, type PollerOptions } from './poll';
import { seedContacts } from './seed';
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
