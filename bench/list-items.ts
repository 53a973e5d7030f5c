/**
 * List items (spec §12): exporting a list through getListItems (`limit` 1000, page after page) against bare Express
 * and bare `node:http` replaying the same bytes, in one run; and the stored memory of an item beside a contact's.
 *
 *   npm run bench:list-items -- [items=100000] [rounds=3]
 *
 * The server runs as `npm start` runs it (built first), on the embedded database, in a process of its own; the items
 * and, for the memory comparison, as many contacts are written straight into the database through its wire
 * address (`lib/seed.ts`), in the shapes the server stores.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { calculateObjectSize } from 'bson';
import { MongoClient, ObjectId } from 'mongodb';
import { send, sendJson } from './lib/http-client';
import { REPO, startChild, startServerProcess, TS_NODE, TS_NODE_ENV, type Child } from './lib/processes';
import type { Recording } from './lib/replay-server';
import { seedContacts } from './lib/seed';
import { fmt, median, table } from './lib/stats';

const ITEMS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 3);
const PAGE = 1000;
const BATCH = 5_000;
const ADMIN_TOKEN = randomBytes(24).toString('hex');
const KiB = 1024;

const FIELDS = [
	{ name: 'Title', slug: 'title', type: 'string' },
	{ name: 'Quantity', slug: 'qty', type: 'number', is_required: false },
	{ name: 'Status', slug: 'status', type: 'string', is_required: false },
	{ name: 'Paid', slug: 'paid', type: 'bool', is_required: false },
	{ name: 'Due', slug: 'due', type: 'date', is_required: false },
	{ name: 'Total', slug: 'total', type: 'money', currency: 'EUR', is_required: false },
];

/** An item as the server stores it (models/list-item.ts), with a value in every field. */
function storedItem(listId: ObjectId, n: number, time: Date) {
	return {
		_id: new ObjectId(),
		listId,
		values: {
			title: `Order ${n}`,
			qty: n % 17,
			status: ['new', 'paid', 'sent'][n % 3],
			paid: n % 2 === 0,
			due: `2026-0${1 + (n % 9)}-1${n % 10}`,
			total: 100 * (n % 500),
		},
		createdAt: time,
		updatedAt: time,
	};
}

async function seedItems(databaseUri: string, listId: string, count: number): Promise<number> {
	const client = await MongoClient.connect(`${databaseUri}/bot-platform`);
	let bytes = 0;
	try {
		const collection = client.db().collection('list_items');
		const list = new ObjectId(listId);
		const start = Date.now() - count * 1000;
		for (let first = 0; first < count; first += BATCH) {
			const batch = Array.from({ length: Math.min(BATCH, count - first) }, (_, i) =>
				storedItem(list, first + i, new Date(start + (first + i) * 1000)),
			);
			bytes += batch.reduce((sum, item) => sum + calculateObjectSize(item), 0);
			await collection.insertMany(batch);
		}
	} finally {
		await client.close();
	}
	return bytes / count;
}

/** Average stored BSON size of the seeded contacts. */
async function contactBytes(databaseUri: string): Promise<number> {
	const client = await MongoClient.connect(`${databaseUri}/bot-platform`);
	try {
		const sample = await client.db().collection('contacts').find({}).limit(1000).toArray();
		return sample.reduce((sum, contact) => sum + calculateObjectSize(contact), 0) / sample.length;
	} finally {
		await client.close();
	}
}

/** Walks the list to its end as a client would (parsing each page), checking every item comes once. */
async function walkExport(base: string, listId: string, headers: Record<string, string>, record?: Recording[]) {
	const started = performance.now();
	const seen = new Set<string>();
	for (let page = 1; ; page++) {
		const url = `/api/v1/getListItems?schema_id=${listId}&limit=${PAGE}&page=${page}`;
		const answer = await send(`${base}${url}`, { headers });
		if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
		record?.push({ url, status: answer.status, contentType: answer.contentType, body: answer.body.toString('base64') });
		const body = JSON.parse(answer.body.toString()) as { data: { id: string }[]; links: { next: string | null } };
		for (const item of body.data) seen.add(item.id);
		if (body.links.next === null) break;
	}
	if (seen.size !== ITEMS) throw new Error(`export returned ${seen.size} items, expected ${ITEMS}`);
	return performance.now() - started;
}

async function main(): Promise<void> {
	execFileSync('npm', ['run', 'build', '-w', 'bot-platform-server'], { cwd: REPO, stdio: 'ignore' });
	const server = await startServerProcess(ADMIN_TOKEN);
	const baselines: Child[] = [];
	const scratch = mkdtempSync(path.join(tmpdir(), 'bench-items-'));
	try {
		const admin = async (route: string, body: object) => {
			const res = await sendJson(`${server.url}/admin/v1${route}`, body, { Authorization: `Bearer ${ADMIN_TOKEN}` });
			if (res.status !== 201) throw new Error(`admin ${route}: ${res.status} ${JSON.stringify(res.data)}`);
			return res.data.data;
		};
		const user = await admin('/users', { name: 'Bench', email: `bench-${randomBytes(4).toString('hex')}@example.com` });
		const project = await admin('/projects', { owner_id: user.id, name: 'Bench' });
		const bot = await admin('/bots', { project_uuid: project.uuid, name: 'Bench' });
		const auth = { Authorization: `Bearer ${user.api_key}`, Accept: 'application/json' };
		const created = await sendJson(
			`${server.url}/api/v1/createListSchema`,
			{ name: 'Orders', bot_id: bot.id, fields: FIELDS },
			auth,
		);
		if (created.status !== 201) throw new Error(`createListSchema: ${created.status}`);
		const listId = created.data.data.id as string;

		// Memory: the same number of contacts, then of items, each step's growth of the server's resident memory.
		const rssEmpty = server.rss();
		await seedContacts(server.databaseUri, { ownerId: user.id, botIds: [bot.id], firstId: 1, count: ITEMS });
		const rssContacts = server.rss();
		const itemBytes = await seedItems(server.databaseUri, listId, ITEMS);
		const rssItems = server.rss();
		const bytesPerContact = await contactBytes(server.databaseUri);

		// The server's first walk records the answers the baselines replay; like each baseline's first walk, it is not
		// counted, so that every process is measured warm (as `run.ts` measures its loads).
		const recordings: Recording[] = [];
		const times = new Map<string, number[]>();
		const add = (name: string, ms: number) => times.set(name, [...(times.get(name) ?? []), ms]);
		await walkExport(server.url, listId, auth, recordings);
		const recordingFile = path.join(scratch, 'recordings.json');
		writeFileSync(recordingFile, JSON.stringify(recordings));
		const pageBytes = median(recordings.map((recording) => Buffer.from(recording.body, 'base64').length));
		recordings.length = 0;
		const targets = [{ name: 'server', url: server.url }];
		for (const kind of ['express', 'http']) {
			const child = startChild([...TS_NODE, path.join('bench', 'lib', 'replay-server.ts'), kind, recordingFile], TS_NODE_ENV);
			baselines.push(child);
			const url = (await child.waitFor(/listening on (http:\/\/\S+)/))[1];
			await walkExport(url, listId, auth);
			targets.push({ name: kind, url });
		}
		// The server's CPU per page (all threads / its request thread), which moves less with the machine's load.
		const cpuWalks: Array<{ process: number; mainThread: number }> = [];
		for (let round = 0; round < ROUNDS; round++) {
			for (const target of targets) {
				const before = target.name === 'server' ? server.cpu() : undefined;
				add(target.name, await walkExport(target.url, listId, auth));
				const after = before && server.cpu();
				if (before && after)
					cpuWalks.push({ process: after.process - before.process, mainThread: after.mainThread - before.mainThread });
			}
		}
		const [own, express, http] = ['server', 'express', 'http'].map((name) => median(times.get(name) ?? []));
		const pages = Math.ceil(ITEMS / PAGE);
		const cpu = cpuWalks.length
			? `${fmt(median(cpuWalks.map((c) => c.process)) / pages, 2)} / ${fmt(median(cpuWalks.map((c) => c.mainThread)) / pages, 2)} ms`
			: 'n/a';
		const perRecord = (grown: number) => `${fmt(grown / ITEMS / KiB, 2)} KB`;
		console.log(
			[
				`List items benchmark: ${fmt(ITEMS)} items of ${FIELDS.length} fields, embedded database, Node ${process.version}, ` +
					`${ROUNDS} rounds (medians); a page of ${PAGE} is ${fmt(pageBytes / KiB)} KB of JSON`,
				'',
				table(
					['measure', 'server', 'CPU a page (server / request thread)', 'bare Express', 'bare node:http', 'server / Express'],
					[
						[
							`export all, getListItems limit ${PAGE}`,
							`${fmt(own / 1000, 2)} s`,
							cpu,
							`${fmt(express / 1000, 3)} s`,
							`${fmt(http / 1000, 3)} s`,
							`${fmt(own / express, 1)}x`,
						],
					],
					['---', '---:', '---:', '---:', '---:', '---:'],
				),
				'',
				table(
					['stored', 'an item', 'a contact (baseline)'],
					[
						['resident memory per record', perRecord(rssItems - rssContacts), perRecord(rssContacts - rssEmpty)],
						['BSON document', `${fmt(itemBytes)} bytes`, `${fmt(bytesPerContact)} bytes`],
					],
					['---', '---:', '---:'],
				),
			].join('\n'),
		);
	} finally {
		for (const child of baselines) await child.stop();
		await server.stop();
		rmSync(scratch, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
