/**
 * One load at a time under the CPU profiler, for finding where a call's time goes (`run.ts` measures; this shows
 * why). The server runs as in `run.ts` with `--cpu-prof`; after seeding, one scenario runs for `seconds`, the
 * server is stopped at once, and the profile of each thread is summarized over those last seconds.
 *
 *   npm run bench:profile -- export|update|getme [contacts=100000] [seconds=15] [dir=/tmp/bot-platform-profile]
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { send, sendJson } from './lib/http-client';
import type { LoadSpec } from './lib/load-generator';
import { REPO, startChild, startServerProcess, TS_NODE, TS_NODE_ENV } from './lib/processes';
import { SEEDED_TELEGRAM_BASE, seedContacts } from './lib/seed';

const [scenario = 'export', contactsArg = '100000', secondsArg = '15', dir = '/tmp/bot-platform-profile'] = process.argv.slice(2);
const CONTACTS = Number(contactsArg);
const SECONDS = Number(secondsArg);
const ADMIN_TOKEN = randomBytes(24).toString('hex');

async function provision(url: string) {
	const admin = async (route: string, body: object) => {
		const res = await sendJson(`${url}/admin/v1${route}`, body, { Authorization: `Bearer ${ADMIN_TOKEN}` });
		if (res.status !== 201) throw new Error(`admin ${route}: ${res.status} ${JSON.stringify(res.data)}`);
		return res.data.data;
	};
	const user = await admin('/users', { name: 'Profile', email: `profile-${randomBytes(4).toString('hex')}@example.com` });
	const project = await admin('/projects', { owner_id: user.id, name: 'Profile' });
	const bot = await admin('/bots', { project_uuid: project.uuid, name: 'Seeded' });
	return { ownerId: user.id as string, apiKey: user.api_key as string, botId: bot.id as number };
}

async function main(): Promise<void> {
	if (!['export', 'update', 'getme'].includes(scenario)) {
		throw new Error(`unknown scenario ${scenario}: export, update or getme`);
	}
	execFileSync('npm', ['run', 'build', '-w', 'bot-platform-server'], { cwd: REPO, stdio: 'ignore' });
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	process.env.BENCH_SERVER_NODE_FLAGS = `${process.env.BENCH_SERVER_NODE_FLAGS ?? ''} --cpu-prof --cpu-prof-dir=${dir}`;
	const server = await startServerProcess(ADMIN_TOKEN);
	let calls = 0;
	let cpu: { process: number; mainThread: number } | undefined;
	try {
		const { ownerId, apiKey, botId } = await provision(server.url);
		const auth = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
		await seedContacts(server.databaseUri, { ownerId, botIds: [botId], firstId: 1, count: CONTACTS });
		const before = server.cpu();
		const started = performance.now();
		if (scenario === 'export') {
			// Both modes in turn, each page parsed as a client would.
			for (let step = 0; performance.now() - started < SECONDS * 1000; step++) {
				const pages = [
					`offset=${(step % (CONTACTS / 1000)) * 1000}&limit=1000`,
					`page=${(step % (CONTACTS / 500)) + 1}&count=500`,
				];
				for (const query of pages) {
					const answer = await send(`${server.url}/api/v1/getContacts?${query}`, { headers: auth });
					if (answer.status !== 200) throw new Error(`getContacts?${query}: ${answer.status}`);
					JSON.parse(answer.body.toString());
					calls += 1;
				}
			}
		} else {
			// As run.ts loads them: getMe with 50 connections, updates of seeded contacts with 10 in flight.
			const spec: LoadSpec =
				scenario === 'getme'
					? { url: `${server.url}/api/v1/getMe`, method: 'GET', headers: auth, connections: 50, seconds: SECONDS }
					: {
							url: `${server.url}/api/v1/createOrUpdateContact`,
							method: 'POST',
							headers: { ...auth, 'Content-Type': 'application/json' },
							connections: 10,
							seconds: SECONDS,
							telegramIds: { botId, existingFrom: SEEDED_TELEGRAM_BASE + 1, existingBelow: SEEDED_TELEGRAM_BASE + CONTACTS },
						};
			const child = startChild([...TS_NODE, path.join('bench', 'lib', 'load-generator.ts'), JSON.stringify(spec)], TS_NODE_ENV);
			const [line] = await child.waitFor(/^\{.*\}$/);
			await child.stop();
			calls = Math.round((JSON.parse(line) as { requestsPerSecond: number }).requestsPerSecond * SECONDS);
		}
		const after = server.cpu();
		if (before && after) cpu = { process: after.process - before.process, mainThread: after.mainThread - before.mainThread };
	} finally {
		await server.stop();
		writeFileSync(path.join(dir, 'server.log'), server.lines.join('\n'));
	}
	const perCall = cpu
		? `, CPU per call ${(cpu.process / calls).toFixed(2)} ms (request thread ${(cpu.mainThread / calls).toFixed(2)})`
		: '';
	console.log(`${scenario}: ${calls} calls in ${SECONDS} s${perCall}\n`);
	const profiles = readdirSync(dir)
		.filter((name) => name.endsWith('.cpuprofile'))
		.map((name) => path.join(dir, name));
	execFileSync(process.execPath, [...TS_NODE, path.join('bench', 'cpuprofile-summary.ts'), `--last=${SECONDS}`, ...profiles], {
		cwd: REPO,
		env: { ...process.env, ...TS_NODE_ENV },
		stdio: 'inherit',
	});
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
