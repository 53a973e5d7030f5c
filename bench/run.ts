/**
 * The performance benchmark (`npm run bench`): every figure of the performance issue in one run, each beside its
 * baseline, measured the way a user meets the server.
 *
 * - The server runs as `npm start` runs it (`server/dist/main.js`, the embedded database in the same process), in
 *   a process of its own; the load comes from other processes (autocannon), and the baselines, bare Express and
 *   bare `node:http` replaying the exact bytes the server answered, run in processes of their own too. Server and
 *   baselines are measured in turns, several rounds, and the medians are printed: this machine is shared.
 * - Database commands per API method come from the driver's command monitoring, counted by each method's test file
 *   (`countsCommands`, run here by jest, which writes the counts down), each beside the count and budget its method
 *   declares.
 *
 *   npm run bench -- [contacts=100000] [rounds=3]
 *   BENCH_ONLY=getme,writes npm run bench -- ...   # only those tables (export, getme, writes, memory, latency, commands)
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiMethods } from '../server/src/api';
import { declaredCommands, type MethodCommands } from '../server/test/support/commands-per-call';
import { send, sendJson } from './lib/http-client';
import type { LoadResult, LoadSpec } from './lib/load-generator';
import { REPO, startChild, startServerProcess, TS_NODE, TS_NODE_ENV, type Child } from './lib/processes';
import type { Recording } from './lib/replay-server';
import { SEEDED_TELEGRAM_BASE, seedContacts } from './lib/seed';
import { fmt, median, table } from './lib/stats';

const CONTACTS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 3);
const SMALL = 1_000;
const LOAD_SECONDS = 5;
/** Before every measured load, the same load for this long, not counted: each process is measured warm. */
const WARM_UP_SECONDS = 1;
const LATENCY_CALLS = 50;
const ADMIN_TOKEN = randomBytes(24).toString('hex');
const MiB = 1024 * 1024;

type Target = { name: string; url: string };

const TABLES = ['export', 'getme', 'writes', 'memory', 'latency', 'commands'] as const;
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
for (const name of only)
	if (!(TABLES as readonly string[]).includes(name)) throw new Error(`BENCH_ONLY: no table ${name} (${TABLES.join(', ')})`);
/** Whether a table is printed (all of them without BENCH_ONLY). */
const wanted = (name: (typeof TABLES)[number]) => only.length === 0 || only.includes(name);

/**
 * The commands each method's test file counts (`countsCommands`), run by jest with COMMANDS_REPORT set so that they
 * are written down too, each beside what the method declares. A count that differs fails its test, not this table.
 */
function commandsTable(): string {
	const ORDER = apiMethods.map((method) => method.name);
	const dir = mkdtempSync(path.join(tmpdir(), 'bench-commands-'));
	const report = path.join(dir, 'commands.jsonl');
	try {
		const jest = [require.resolve('jest/bin/jest'), '--selectProjects=server', '--testPathPattern', 'server/test/api/'];
		const only = ['--testNamePattern', 'database commands per successful call'];
		try {
			execFileSync(process.execPath, [...jest, ...only], {
				cwd: REPO,
				env: { ...process.env, COMMANDS_REPORT: report },
				stdio: 'ignore',
			});
		} catch {
			// A failed test still wrote its counts; the test run says which.
		}
		const rows = readFileSync(report, 'utf8')
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line) as MethodCommands)
			// In the order of the API reference (jest finishes the files in any order).
			.sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
		return table(
			['method', 'case', 'commands', 'declared', 'budget', 'which'],
			rows.map((r) => {
				const { count, budget } = declaredCommands(r.method).get(r.case) ?? { count: 'none', budget: 'none' };
				return [r.method, r.case, r.commands.length, count, budget, r.commands.join(', ')];
			}),
			['---', '---', '---:', '---:', '---:', '---'],
		);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** The user, one project and two bots, through the admin API. */
async function provision(url: string) {
	const admin = async (route: string, body: object) => {
		const res = await sendJson(`${url}/admin/v1${route}`, body, { Authorization: `Bearer ${ADMIN_TOKEN}` });
		if (res.status !== 201) throw new Error(`admin ${route}: ${res.status} ${JSON.stringify(res.data)}`);
		return res.data.data;
	};
	const user = await admin('/users', { name: 'Bench', email: `bench-${randomBytes(4).toString('hex')}@example.com` });
	const project = await admin('/projects', { owner_id: user.id, name: 'Bench' });
	const seeded = await admin('/bots', { project_uuid: project.uuid, name: 'Seeded' });
	await admin('/bots', { project_uuid: project.uuid, name: 'Empty' });
	return { ownerId: user.id as string, apiKey: user.api_key as string, botId: seeded.id as number };
}

const EXPORTS = {
	'offset mode, limit 1000': (step: number) => `/api/v1/getContacts?offset=${step * 1000}&limit=1000`,
	'page mode, count 500': (step: number) => `/api/v1/getContacts?page=${step + 1}&count=500`,
} as const;
type ExportMode = keyof typeof EXPORTS;

/** Walks an export to its end as a client would (parsing each answer), checking every contact comes once, in order. */
async function walkExport(base: string, mode: ExportMode, headers: Record<string, string>, record?: Recording[]) {
	const started = performance.now();
	let last = 0;
	let contacts = 0;
	for (let step = 0; ; step++) {
		const url = EXPORTS[mode](step);
		const answer = await send(`${base}${url}`, { headers });
		if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
		record?.push({ url, status: answer.status, contentType: answer.contentType, body: answer.body.toString('base64') });
		const page = JSON.parse(answer.body.toString()) as { data: { id: number }[]; links?: { next: string | null } };
		for (const contact of page.data) {
			if (contact.id <= last) throw new Error(`export out of order: ${contact.id} after ${last}`);
			last = contact.id;
		}
		contacts += page.data.length;
		if (mode.startsWith('offset') ? page.data.length < 1000 : page.links?.next === null) break;
	}
	if (contacts !== CONTACTS) throw new Error(`export returned ${contacts} contacts, expected ${CONTACTS}`);
	return performance.now() - started;
}

interface Measured extends LoadResult {
	/** The measured process's CPU per answered call, in ms: all threads, and the request (main) thread. */
	cpuPerCall?: { process: number; mainThread: number };
}

async function generateLoad(spec: LoadSpec): Promise<LoadResult> {
	const child = startChild([...TS_NODE, path.join('bench', 'lib', 'load-generator.ts'), JSON.stringify(spec)], TS_NODE_ENV);
	const [line] = await child.waitFor(/^\{.*\}$/);
	await child.stop();
	return JSON.parse(line) as LoadResult;
}

/** IDs of new contacts for the warm-ups, apart from those of the measured creates. */
let warmUpFresh = 9_000_000_000;

/**
 * autocannon against `spec.url`, after a warm-up of the same load (not counted); `measured` is the process serving
 * it, whose CPU per call is taken too.
 */
async function load(spec: LoadSpec, measured?: Child): Promise<Measured> {
	const ids = spec.telegramIds;
	const warmUpIds = ids && 'fresh' in ids ? { ...ids, fresh: (warmUpFresh += 10_000_000) } : ids;
	await generateLoad({ ...spec, seconds: WARM_UP_SECONDS, telegramIds: warmUpIds });
	const before = measured?.cpu();
	const result = await generateLoad(spec);
	const after = measured?.cpu();
	const calls = result.requestsPerSecond * spec.seconds;
	if (!before || !after || calls === 0) return result;
	return {
		...result,
		cpuPerCall: { process: (after.process - before.process) / calls, mainThread: (after.mainThread - before.mainThread) / calls },
	};
}

const cpuText = (r: Measured) =>
	r.cpuPerCall ? `${fmt(r.cpuPerCall.process, 2)} / ${fmt(r.cpuPerCall.mainThread, 2)} ms` : 'n/a';

/** Median time of sequential calls, in ms. */
async function latency(call: () => Promise<number>): Promise<number> {
	const times: number[] = [];
	for (let i = 0; i < LATENCY_CALLS; i++) {
		const started = performance.now();
		const status = await call();
		times.push(performance.now() - started);
		if (status >= 300) throw new Error(`latency call answered ${status}`);
	}
	return median(times);
}

async function main(): Promise<void> {
	execFileSync('npm', ['run', 'build', '-w', 'bot-platform-server'], { cwd: REPO, stdio: 'ignore' });
	const commands = wanted('commands') ? commandsTable() : '';

	const server = await startServerProcess(ADMIN_TOKEN);
	const baselines: Child[] = [];
	const scratch = mkdtempSync(path.join(tmpdir(), 'bench-'));
	try {
		const { ownerId, apiKey, botId } = await provision(server.url);
		const auth = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
		const rssEmpty = server.rss();

		const latencyCalls: Array<[string, (size: number) => Promise<number>]> = [
			['getMe', () => send(`${server.url}/api/v1/getMe`, { headers: auth }).then((a) => a.status)],
			['getNumberOfContacts', () => send(`${server.url}/api/v1/getNumberOfContacts`, { headers: auth }).then((a) => a.status)],
			['getContacts, page 1 of 20', () => send(`${server.url}/api/v1/getContacts`, { headers: auth }).then((a) => a.status)],
			[
				'getContacts, 100 from the middle',
				(size) => send(`${server.url}/api/v1/getContacts?offset=${size / 2}&limit=100`, { headers: auth }).then((a) => a.status),
			],
			[
				'createOrUpdateContact, update',
				() =>
					sendJson(
						`${server.url}/api/v1/createOrUpdateContact`,
						{ bot_id: botId, messenger: 'telegram', name: 'Again', telegram_id: SEEDED_TELEGRAM_BASE + 1 },
						auth,
					).then((a) => a.status),
			],
		];
		const latencies = new Map<string, number[]>();
		const measureLatencies = async (size: number) => {
			if (!wanted('latency')) return;
			for (const [name, call] of latencyCalls)
				latencies.set(name, [...(latencies.get(name) ?? []), await latency(() => call(size))]);
		};

		const seedStarted = performance.now();
		await seedContacts(server.databaseUri, { ownerId, botIds: [botId], firstId: 1, count: SMALL });
		await measureLatencies(SMALL);
		await seedContacts(server.databaseUri, { ownerId, botIds: [botId], firstId: SMALL + 1, count: CONTACTS - SMALL });
		const seedSeconds = (performance.now() - seedStarted) / 1000;
		const rssFull = server.rss();
		await measureLatencies(CONTACTS);

		// Exports: the first server walk records the answers the baselines replay.
		const recordings: Recording[] = [];
		const exportTimes = new Map<string, number[]>();
		const addTime = (key: string, ms: number) => exportTimes.set(key, [...(exportTimes.get(key) ?? []), ms]);
		const exportModes = wanted('export') ? (Object.keys(EXPORTS) as ExportMode[]) : [];
		for (const mode of exportModes) addTime(`${mode}|server`, await walkExport(server.url, mode, auth, recordings));
		const getMe = await send(`${server.url}/api/v1/getMe`, { headers: auth });
		recordings.push({
			url: '/api/v1/getMe',
			status: getMe.status,
			contentType: getMe.contentType,
			body: getMe.body.toString('base64'),
		});
		// An update's answer, which the baselines send back to the write load (they read the body and answer the same bytes).
		const updated = await send(`${server.url}/api/v1/createOrUpdateContact`, {
			method: 'POST',
			headers: { ...auth, 'Content-Type': 'application/json' },
			body: JSON.stringify({ bot_id: botId, messenger: 'telegram', name: 'Load', telegram_id: SEEDED_TELEGRAM_BASE + 2 }),
		});
		recordings.push({
			url: '/api/v1/createOrUpdateContact',
			status: updated.status,
			contentType: updated.contentType,
			body: updated.body.toString('base64'),
		});
		const recordingFile = path.join(scratch, 'recordings.json');
		writeFileSync(recordingFile, JSON.stringify(recordings));
		recordings.length = 0;
		const targets: Target[] = [{ name: 'server', url: server.url }];
		for (const kind of ['express', 'http']) {
			const child = startChild([...TS_NODE, path.join('bench', 'lib', 'replay-server.ts'), kind, recordingFile], TS_NODE_ENV);
			baselines.push(child);
			targets.push({ name: kind, url: (await child.waitFor(/listening on (http:\/\/\S+)/))[1] });
		}
		for (let round = 0; round < ROUNDS; round++) {
			for (const mode of exportModes) {
				for (const target of round === 0 ? targets.slice(1) : targets) {
					addTime(`${mode}|${target.name}`, await walkExport(target.url, mode, auth));
				}
			}
		}

		const processOf: Record<string, Child> = { server, express: baselines[0], http: baselines[1] };
		const getMeRuns = new Map<string, Measured[]>();
		for (let round = 0; round < (wanted('getme') ? ROUNDS : 0); round++) {
			for (const target of targets) {
				const result = await load(
					{ url: `${target.url}/api/v1/getMe`, method: 'GET', headers: auth, connections: 50, seconds: LOAD_SECONDS },
					processOf[target.name],
				);
				getMeRuns.set(target.name, [...(getMeRuns.get(target.name) ?? []), result]);
			}
		}

		const writes: Array<[string, number, Measured, Measured]> = [];
		let fresh = 5_000_000_000;
		for (const connections of wanted('writes') ? [10, 50] : []) {
			for (const kind of ['create', 'update'] as const) {
				const telegramIds =
					kind === 'create'
						? { botId, fresh: (fresh += 10_000_000) }
						: { botId, existingFrom: SEEDED_TELEGRAM_BASE + 1, existingBelow: SEEDED_TELEGRAM_BASE + CONTACTS };
				const spec: LoadSpec = {
					url: `${server.url}/api/v1/createOrUpdateContact`,
					method: 'POST',
					headers: { ...auth, 'Content-Type': 'application/json' },
					connections,
					seconds: LOAD_SECONDS,
					telegramIds,
				};
				const own = await load(spec, server);
				const bare = await load({ ...spec, url: `${targets[1].url}/api/v1/createOrUpdateContact` }, processOf.express);
				writes.push([kind, connections, own, bare]);
			}
		}
		const rssEnd = server.rss();

		const exportRows = exportModes.map((mode) => {
			const [own, express, http] = ['server', 'express', 'http'].map((name) => median(exportTimes.get(`${mode}|${name}`) ?? []));
			return [
				`export all, ${mode}`,
				`${fmt(own / 1000, 2)} s`,
				`${fmt(express / 1000, 3)} s`,
				`${fmt(http / 1000, 3)} s`,
				`${fmt(own / express, 1)}x`,
			];
		});
		const meOf = (name: string) => {
			const runs = getMeRuns.get(name) ?? [];
			const cpu = runs.map((r) => r.cpuPerCall).filter((c) => c !== undefined);
			return {
				rps: median(runs.map((r) => r.requestsPerSecond)),
				p99: median(runs.map((r) => r.p99Ms)),
				cpu: cpu.length
					? `${fmt(median(cpu.map((c) => c.process)), 2)} / ${fmt(median(cpu.map((c) => c.mainThread)), 2)} ms`
					: 'n/a',
			};
		};
		const [meServer, meExpress, meHttp] = ['server', 'express', 'http'].map(meOf);
		const out = [
			`Bot Platform benchmark: ${fmt(CONTACTS)} contacts on the embedded database, Node ${process.version}, ` +
				`${ROUNDS} rounds (medians), load by autocannon; seeded in ${fmt(seedSeconds, 1)} s`,
			'',
			...(wanted('export') || wanted('getme')
				? [
						'Server against bare Express and bare node:http serving the same bytes ' +
							'(CPU per call: the serving process, all threads / its request thread):',
						'',
						table(
							['measure', 'server', 'bare Express', 'bare node:http', 'server / Express'],
							[
								...exportRows,
								...(wanted('getme')
									? [
											[
												'getMe, 50 connections',
												`${fmt(meServer.rps)} req/s, p99 ${fmt(meServer.p99, 1)} ms, CPU ${meServer.cpu}`,
												`${fmt(meExpress.rps)} req/s, p99 ${fmt(meExpress.p99, 1)} ms, CPU ${meExpress.cpu}`,
												`${fmt(meHttp.rps)} req/s, p99 ${fmt(meHttp.p99, 1)} ms, CPU ${meHttp.cpu}`,
												`${fmt(meServer.rps / meExpress.rps, 2)} of its throughput, p99 ${fmt(meServer.p99 / meExpress.p99, 1)}x`,
											],
										]
									: []),
							],
							['---', '---:', '---:', '---:', '---:'],
						),
						'',
					]
				: []),
			...(wanted('writes')
				? [
						'createOrUpdateContact, in flight (autocannon connections; CPU per call as above):',
						'',
						table(
							[
								'calls',
								'in flight',
								'req/s',
								'p50 ms',
								'p99 ms',
								'failed',
								'CPU per call',
								'bare Express, same answer',
								'server / Express',
							],
							writes.map(([kind, connections, r, bare]) => [
								kind,
								connections,
								fmt(r.requestsPerSecond),
								fmt(r.p50Ms, 1),
								fmt(r.p99Ms, 1),
								r.failed,
								cpuText(r),
								`${fmt(bare.requestsPerSecond)} req/s, CPU ${cpuText(bare)}`,
								fmt(r.requestsPerSecond / bare.requestsPerSecond, 2),
							]),
							['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:'],
						),
						'',
					]
				: []),
			...(wanted('memory')
				? [
						'Resident memory of the server process:',
						'',
						table(
							['when', 'RSS', 'per contact over the empty server'],
							[
								['provisioned, no contacts', `${fmt(rssEmpty / MiB)} MiB`, ''],
								[
									`${fmt(CONTACTS)} contacts seeded`,
									`${fmt(rssFull / MiB)} MiB`,
									`${fmt((rssFull - rssEmpty) / CONTACTS / 1024, 2)} KB`,
								],
								['after every measurement', `${fmt(rssEnd / MiB)} MiB`, `${fmt((rssEnd - rssEmpty) / CONTACTS / 1024, 2)} KB`],
							],
							['---', '---:', '---:'],
						),
						'',
					]
				: []),
			...(wanted('latency')
				? [
						`Latency, median of ${LATENCY_CALLS} sequential calls:`,
						'',
						table(
							['call', `${fmt(SMALL)} contacts`, `${fmt(CONTACTS)} contacts`],
							[...latencies].map(([name, [small, large]]) => [name, `${fmt(small, 2)} ms`, `${fmt(large, 2)} ms`]),
							['---', '---:', '---:'],
						),
						'',
					]
				: []),
			...(wanted('commands') ? ['Database commands per successful call (driver command monitoring):', '', commands] : []),
		];
		console.log(out.join('\n'));
	} finally {
		for (const child of baselines) await child.stop();
		await server.stop();
		rmSync(scratch, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
