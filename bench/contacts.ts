/**
 * Contacts at scale (§4.14–4.16): seeds one account with 100,000 contacts, then times over HTTP the full export
 * in offset mode (`limit` 1000) and in page mode (`count` 500), one getNumberOfContacts, and
 * createOrUpdateContact throughput with 1, 10 and 50 calls in flight.
 *
 *   npm run bench -- [contacts]   (ts-node, transpile-only; type-checking is npm run typecheck's job)
 *
 * The server runs in this process on the embedded database (the emulator, also in this process, unless a mongod
 * binary is available), or on MONGODB_URI in a database of its own that is dropped at the end. The account,
 * project and bots are made through the admin API; the contacts are written straight into the collection in
 * batches (the shape `insertContact` stores, IDs from 1 and the sequence moved past them), because a seed of
 * 100,000 API calls would take longer than everything measured.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Config } from '../server/src/config';
import type { ContactDoc } from '../server/src/models/contact';
import { silentLogger } from '../server/src/logger';
import type { Models } from '../server/src/models';
import { startServer, type RunningServer } from '../server/src/server';

const CONTACTS = Number(process.argv[2] ?? 100_000);
const SEED_BATCH = 5_000;
const THROUGHPUT_SECONDS = 3;
const ADMIN_TOKEN = randomBytes(24).toString('hex');

type Json = Record<string, any>;

async function call(url: string, body: Json, headers: Record<string, string>): Promise<{ status: number; data: Json }> {
	const res = await fetch(url, {
		method: 'POST',
		headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
		body: JSON.stringify(body),
	});
	return { status: res.status, data: (await res.json()) as Json };
}

/** The account, one project and two bots, through the admin API. */
async function provision(baseUrl: string) {
	const admin = async (path: string, body: Json) => {
		const res = await call(`${baseUrl}/admin/v1${path}`, body, { Authorization: `Bearer ${ADMIN_TOKEN}` });
		if (res.status !== 201) throw new Error(`admin ${path}: ${res.status} ${JSON.stringify(res.data)}`);
		return res.data.data;
	};
	const user = await admin('/users', { name: 'Bench', email: `bench-${randomBytes(4).toString('hex')}@example.com` });
	const project = await admin('/projects', { owner_id: user.id, name: 'Bench' });
	const bots = [
		await admin('/bots', { project_uuid: project.uuid, name: 'Bench A' }),
		await admin('/bots', { project_uuid: project.uuid, name: 'Bench B' }),
	];
	return { apiKey: user.api_key as string, botIds: bots.map((bot) => bot.id as number) };
}

/** Contacts 1..n over the bots, one a second ending a day ago, with a few tags and a utm variable each. */
async function seed(models: Models, botIds: number[], n: number): Promise<void> {
	const ownerId = (await models.bots.findById(botIds[0], { ownerId: 1 }).lean())?.ownerId;
	if (!ownerId) throw new Error('seed: bot not found');
	const start = Date.now() - 86_400_000 - n * 1000;
	for (let first = 1; first <= n; first += SEED_BATCH) {
		const batch: ContactDoc[] = [];
		for (let id = first; id < first + SEED_BATCH && id <= n; id++) {
			const messengerId = String(1_000_000_000 + id);
			batch.push({
				_id: id,
				botId: botIds[id % botIds.length],
				ownerId,
				messenger: 'telegram',
				messengerId,
				messengerKey: messengerId,
				name: `Contact ${id}`,
				username: `user${id}`,
				phone: `7900${String(id).padStart(7, '0')}`,
				email: `contact${id}@example.com`,
				address: null,
				avatar: null,
				tags: ['seed', `group-${id % 10}`],
				variables: [{ id: 1, name: 'utm_source', value: 'bench', type: 0, schemaId: null, deletable: true, payload: null }],
				firstMessage: 'Created from API',
				unsubscribedAt: null,
				isPreview: false,
				deletedAt: null,
				createdAt: new Date(start + id * 1000),
			});
		}
		await models.contacts.insertMany(batch, { lean: true });
	}
	await models.counters.updateOne({ _id: 'contacts' }, { $max: { seq: n } }, { upsert: true });
}

interface ExportTiming {
	requests: number;
	ms: number;
	contacts: number;
}

/** Walks an export to its end and checks it returned every contact once, in ascending ID order. */
async function timeExport(fetchBatch: (step: number) => Promise<{ ids: number[]; done: boolean }>): Promise<ExportTiming> {
	const started = performance.now();
	let requests = 0;
	let last = 0;
	let contacts = 0;
	for (let step = 0; ; step++) {
		const { ids, done } = await fetchBatch(step);
		requests++;
		for (const id of ids) {
			if (id <= last) throw new Error(`export out of order: ${id} after ${last}`);
			last = id;
		}
		contacts += ids.length;
		if (done) break;
	}
	const ms = performance.now() - started;
	if (contacts !== CONTACTS) throw new Error(`export returned ${contacts} contacts, expected ${CONTACTS}`);
	return { requests, ms, contacts };
}

/** Calls per second with `inFlight` workers calling back to back for a few seconds. */
async function throughput(inFlight: number, nextCall: () => Promise<number>): Promise<number> {
	const deadline = performance.now() + THROUGHPUT_SECONDS * 1000;
	let calls = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: inFlight }, async () => {
			while (performance.now() < deadline) {
				const status = await nextCall();
				if (status !== 200 && status !== 201) throw new Error(`createOrUpdateContact answered ${status}`);
				calls++;
			}
		}),
	);
	return calls / ((performance.now() - started) / 1000);
}

const fmt = (value: number, digits = 1) =>
	value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<void> {
	const config: Config = {
		port: 0,
		host: '127.0.0.1',
		mongodbUri: process.env.MONGODB_URI,
		adminToken: ADMIN_TOKEN,
		rateLimitPerMinute: 1_000_000,
		authFailuresPerMinute: 1_000_000,
		trustProxy: false,
		publicUrl: undefined,
		logLevel: 'silent',
		logFormat: 'json',
		metricsToken: undefined,
		// Measured as in production: no fault checks, request log or reset gate on the path.
		testDouble: false,
		seedFile: undefined,
		requestLogSize: 0,
	};
	const dbName = `bench_${randomBytes(4).toString('hex')}`;
	const server: RunningServer = await startServer(config, silentLogger, { dbName });
	try {
		const { apiKey, botIds } = await provision(server.url);
		const auth = { Authorization: `Bearer ${apiKey}` };
		const api = (method: string, body: Json) => call(`${server.url}/api/v1/${method}`, body, auth);

		const seedStarted = performance.now();
		await seed(server.database.models, botIds, CONTACTS);
		const seedMs = performance.now() - seedStarted;

		const offsetExport = await timeExport(async (step) => {
			const res = await api('getContacts', { offset: step * 1000, limit: 1000 });
			const ids = (res.data.data as Json[]).map((contact) => contact.id as number);
			return { ids, done: ids.length < 1000 };
		});
		const pageExport = await timeExport(async (step) => {
			const res = await api('getContacts', { page: step + 1, count: 500 });
			return { ids: (res.data.data as Json[]).map((contact) => contact.id as number), done: res.data.links.next === null };
		});

		// One call's time: the median of five, so that a garbage collection does not decide the figure.
		const countTimes: number[] = [];
		for (let i = 0; i < 5; i++) {
			const countStarted = performance.now();
			const counted = await api('getNumberOfContacts', {});
			countTimes.push(performance.now() - countStarted);
			if (counted.data.count !== CONTACTS) throw new Error(`getNumberOfContacts: ${JSON.stringify(counted.data)}`);
		}
		const countMs = countTimes.sort((a, b) => a - b)[2];

		let nextNewId = 5_000_000_000;
		const create = () =>
			api('createOrUpdateContact', { bot_id: botIds[0], messenger: 'telegram', name: 'New', telegram_id: nextNewId++ }).then(
				(res) => res.status,
			);
		// Seeded contacts of the first bot have even IDs (see seed) and telegram_id 1e9 + ID.
		const update = () => {
			const id = 2 * (1 + Math.floor(Math.random() * (CONTACTS / 2 - 1)));
			return api('createOrUpdateContact', {
				bot_id: botIds[0],
				messenger: 'telegram',
				name: 'Updated',
				telegram_id: 1_000_000_000 + id,
			}).then((res) => res.status);
		};
		const rates: [number, number, number][] = [];
		for (const inFlight of [1, 10, 50])
			rates.push([inFlight, await throughput(inFlight, create), await throughput(inFlight, update)]);

		const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
		const lines = [
			`Contacts benchmark: ${CONTACTS.toLocaleString('en-US')} contacts, database: ${server.database.kind}, Node ${process.version}`,
			`(seeded directly in ${fmt(seedMs / 1000)} s)`,
			'',
			row(['operation', 'requests', 'total ms', 'ms/request', 'µs/contact']),
			row(['---', '---:', '---:', '---:', '---:']),
			...[
				['export, offset mode, limit 1000', offsetExport],
				['export, page mode, count 500', pageExport],
			].map(([label, timing]) => {
				const { requests, ms, contacts } = timing as ExportTiming;
				return row([label as string, String(requests), fmt(ms, 0), fmt(ms / requests), fmt((ms * 1000) / contacts)]);
			}),
			row(['getNumberOfContacts (median of 5 calls)', '1', fmt(countMs, 0), fmt(countMs), '']),
			'',
			row(['createOrUpdateContact in flight', 'new contacts / s', 'updates / s']),
			row(['---:', '---:', '---:']),
			...rates.map(([inFlight, creates, updates]) => row([String(inFlight), fmt(creates, 0), fmt(updates, 0)])),
		];
		console.log(lines.join('\n'));
	} finally {
		if (config.mongodbUri) await server.database.connection.dropDatabase();
		await server.close();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
