/** Shared set-up of the trigger scenario tests: one real server behind a counting proxy per test file. */
import { randomBytes } from 'node:crypto';
import { presentContact } from '../../../server/src/domain/contacts/present-contact';
import type { ContactDoc } from '../../../server/src/models/contact';
import { createAccountWithBot, type ContactJson, type TestAccount, type TestBot } from '../../support/factories';
import { startTestServer, type TestServer } from '../../support/test-server';
import { startApiProxy, type ApiProxy } from './api-proxy';
import { Poller, type PollerOptions } from './poll';

export interface TriggerEnv {
	t: TestServer;
	proxy: ApiProxy;
}

/** Starts the server and the proxy for the file, and clears the proxy's calls and hooks before each test. */
export function useTriggerEnv(): TriggerEnv {
	const env = {} as TriggerEnv;
	beforeAll(async () => {
		env.t = await startTestServer();
		env.proxy = await startApiProxy(env.t.url);
	});
	beforeEach(() => env.proxy?.reset());
	afterAll(async () => {
		await env.proxy?.close();
		await env.t?.close();
	});
	return env;
}

/** A poller for `account`, talking to the server through the proxy. */
export function pollerFor(env: TriggerEnv, account: TestAccount, options: Omit<PollerOptions, 'credentials'> = {}): Poller {
	return new Poller({ credentials: { apiKey: account.apiKey, baseUrl: env.proxy.url }, ...options });
}

/**
 * `n` live Telegram contacts of `bot`, returned in ID order as the API shows them. Written in one batch through the
 * server's own models, with IDs from the server's contact sequence, because the admin API makes about 40 contacts
 * a second on the embedded database. Contacts that must appear during a poll are made with `createContact`.
 */
export async function createContacts(
	t: TestServer,
	bot: TestBot,
	n: number,
	overrides: { created_at?: string } = {},
): Promise<ContactJson[]> {
	const { models } = t.server.database;
	const owner = await models.bots.findOne({ _id: bot.id }, { ownerId: 1 }).lean();
	if (!owner) throw new Error(`bot ${bot.id} not found`);
	const counter = await models.counters
		.findOneAndUpdate({ _id: 'contacts' }, { $inc: { seq: n } }, { upsert: true, returnDocument: 'after' })
		.lean();
	const firstId = counter!.seq - n + 1;
	const createdAt = overrides.created_at ? new Date(overrides.created_at) : new Date();
	const docs: ContactDoc[] = Array.from({ length: n }, (_, i) => {
		const messengerId = String(Number.parseInt(randomBytes(5).toString('hex'), 16) + 1);
		return {
			_id: firstId + i,
			botId: bot.id,
			ownerId: owner.ownerId,
			messenger: 'telegram',
			messengerId,
			messengerKey: messengerId,
			name: `Contact-${firstId + i}`,
			username: null,
			phone: null,
			email: null,
			address: null,
			avatar: null,
			tags: [],
			variables: [],
			firstMessage: null,
			unsubscribedAt: null,
			isPreview: false,
			deletedAt: null,
			createdAt,
		};
	});
	await models.contacts.insertMany(docs);
	return JSON.parse(JSON.stringify(docs.map(presentContact)));
}

/** An account with one bot, and a trigger already activated for it (its first poll seeded the cursor). */
export async function activatedTrigger(env: TriggerEnv, options: Omit<PollerOptions, 'credentials'> = {}) {
	const { account, project, bot } = await createAccountWithBot(env.t);
	const poller = pollerFor(env, account, options);
	const first = await poller.poll();
	expect(first.output).toBeNull();
	env.proxy.reset();
	return { account, project, bot, poller };
}

export const ids = (contacts: { id: number }[]) => contacts.map((contact) => contact.id);

/** Unix seconds of an ISO time, as the cursor stores it. */
export const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** ISO text of Unix seconds, for `created_at`. */
export const isoAt = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

export const nowSeconds = () => Math.floor(Date.now() / 1000);
