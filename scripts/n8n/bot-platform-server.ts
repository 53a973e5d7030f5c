/**
 * The Bot Platform server of a run: the built server (`server/dist/main.js`, as operators run it) in a child
 * process on a free port, and the data the examples refer to, made with the tests' factories.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AdminClient } from '../../server/test/support/admin-client';
import { ApiClient } from '../../server/test/support/api-client';
import { createUserWithBot, createContact, type ServerWithAdmin } from '../../server/test/support/factories';
import type { Placeholders } from './placeholders';
import { startProcess, stopProcess, waitFor, type LongRunningProcess } from './processes';

export interface BotPlatformServer extends ServerWithAdmin {
	process: LongRunningProcess;
}

/** How many contacts the bot has before the workflows run (`__CONTACT_COUNT__`). */
const CONTACTS = 3;

export async function startBotPlatform(root: string, logFile: string): Promise<BotPlatformServer> {
	const main = path.join(root, 'server/dist/main.js');
	if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
	const adminToken = randomBytes(24).toString('hex');
	const proc = startProcess(process.execPath, [main], {
		env: {
			...process.env,
			PORT: '0',
			HOST: '127.0.0.1',
			ADMIN_TOKEN: adminToken,
			// Not a rate-limit test: keep bursts of n8n requests from meeting 429.
			RATE_LIMIT_PER_MINUTE: '100000',
		},
		logFile,
	});
	try {
		const url = await waitFor('Bot Platform server', () => listeningUrl(proc.output()), {
			deadlineMs: 90_000,
			alive: proc.running,
		});
		return { url, admin: new AdminClient(url, adminToken), process: proc };
	} catch (error) {
		await stopProcess(proc);
		throw new Error(`${(error as Error).message}\n--- server output ---\n${proc.output().slice(-3000)}`);
	}
}

/** The `url` of the server's JSON log line `listening on …` (its logs are pino's, one JSON object a line). */
function listeningUrl(output: string): string | undefined {
	for (const line of output.split('\n')) {
		if (!line.startsWith('{')) continue;
		try {
			const entry = JSON.parse(line) as { msg?: unknown; url?: unknown };
			if (typeof entry.msg === 'string' && entry.msg.startsWith('listening on ') && typeof entry.url === 'string') {
				return entry.url;
			}
		} catch {
			// A line still being written: read again on the next poll.
		}
	}
	return undefined;
}

/**
 * A user with a project, a bot and its contacts, for the examples to work on; returns the values of the
 * placeholders that refer to them (examples/README.md lists them all).
 */
export async function provision(server: ServerWithAdmin) {
	const { user, project, bot } = await createUserWithBot(server);
	const contacts = [];
	// One after another, so that the first one made has the lowest ID.
	for (let i = 0; i < CONTACTS; i++) contacts.push(await createContact(server, bot));
	return {
		__BASE_URL__: server.url,
		__API_KEY__: user.apiKey,
		__USER_EMAIL__: user.email,
		__PROJECT_UUID__: project.uuid,
		__BOT_ID__: Number(bot.id),
		__CONTACT_ID__: Number(contacts[0].id),
		__CONTACT_COUNT__: contacts.length,
		__RUN_ID__: `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`,
	} satisfies Placeholders;
}

/**
 * Mode "schedule" (the New List Item example): a list with a `title` field and one item, made only when that
 * example runs, after the others (`lists.json` expects to be the account's only list). `__LIST_ID__` is its ID.
 */
export async function provisionList(server: ServerWithAdmin, placeholders: Placeholders): Promise<Placeholders> {
	const api = new ApiClient(server.url, String(placeholders.__API_KEY__));
	const created = await api.call('createListSchema', {
		name: `Orders ${String(placeholders.__RUN_ID__)}`,
		project_uuid: placeholders.__PROJECT_UUID__,
		fields: [{ name: 'Title', slug: 'title', type: 'string', is_required: false }],
	});
	if (created.status !== 201) throw new Error(`createListSchema -> ${created.status} ${JSON.stringify(created.data)}`);
	const listId = String(created.data.data.id);
	const existing = await api.call('addListItem', { schema_id: listId, data: { title: 'Made before activation' } });
	if (existing.status !== 201) throw new Error(`addListItem -> ${existing.status} ${JSON.stringify(existing.data)}`);
	return { ...placeholders, __LIST_ID__: listId };
}

/** Calls the Bot Platform API with the test account's key; fails on anything but a 2xx. */
export async function callApi(server: ServerWithAdmin, apiKey: string, method: string, params: Record<string, unknown>) {
	const res = await new ApiClient(server.url, apiKey).call(method, params);
	if (res.status < 200 || res.status > 299) throw new Error(`${method} -> ${res.status} ${JSON.stringify(res.data)}`);
	return res.data;
}
