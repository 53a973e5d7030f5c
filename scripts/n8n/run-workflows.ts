/**
 * End-to-end check against REAL n8n: our built nodes (dist/), our built server (server/dist/), and the workflows
 * in examples/*.json with their expectations in each workflow's meta.expect (format: examples/README.md).
 *
 *   npm run n8n:install [-- --n8n=1]   # once per line of n8n: into a cache outside the repo (install.sh)
 *   npm run test:n8n [-- options]      # npm run build, then this file (ts-node, on the system Node)
 *
 * Options: --n8n=1|2 (which installed n8n; default 2), --examples=<dir> (default examples/),
 *          --only=<name>[,<name>], --keep (keep the work folder), --package=<dir> (link this folder as the
 *          package instead of an `npm pack` of the repository).
 * The last line printed is always `N passed, M failed`; the exit code is 1 if anything failed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { IRun } from 'n8n-workflow';
import { callApi, provision, provisionList, startBotPlatform } from './bot-platform-server';
import { loadExamples, type Example } from './examples';
import { checkRun } from './expectations';
import { findInstallation, N8N_LINES, prepareUserFolder, type N8nLine } from './installation';
import { errorSummary, N8nCli } from './n8n-cli';
import { N8nServer } from './n8n-server';
import { packPackage } from './pack';
import { fillPlaceholders, leftoverPlaceholders, type Placeholders } from './placeholders';
import type { ServerWithAdmin } from '../../server/test/support/factories';
import { killChildrenOnExit, stopProcess } from './processes';

const ROOT = path.resolve(__dirname, '../..');
const PACKAGE_NAME = 'n8n-nodes-bot-platform';
const CREDENTIAL = { id: 'bpE2eCredential1', name: 'Bot Platform (e2e)', type: 'botPlatformApi' };

interface Options {
	line: N8nLine;
	examples: string;
	only?: Set<string>;
	keep: boolean;
	packageDir?: string;
}

interface Result {
	name: string;
	status: 'passed' | 'failed' | 'skipped';
	ms?: number;
	problems?: string[];
	note?: string;
}

const startedAt = Date.now();
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(1)}s`;
const log = (message: string) => console.log(`[n8n-e2e ${elapsed()}] ${message}`);

function parseOptions(argv: string[]): Options {
	const { values } = parseArgs({
		args: argv,
		options: {
			n8n: { type: 'string', default: '2' },
			examples: { type: 'string', default: 'examples' },
			only: { type: 'string' },
			keep: { type: 'boolean', default: false },
			package: { type: 'string' },
		},
	});
	const line = Number(values.n8n) as N8nLine;
	if (!N8N_LINES.includes(line)) throw new Error(`--n8n=${values.n8n}: choose one of ${N8N_LINES.join(', ')}`);
	return {
		line,
		examples: path.resolve(ROOT, values.examples),
		only: values.only === undefined ? undefined : new Set(values.only.split(',')),
		keep: values.keep,
		packageDir: values.package === undefined ? undefined : path.resolve(values.package),
	};
}

/** Runs the examples, adding a result per example to `results`; throws when setup fails. */
async function runExamples(options: Options, workDir: string, results: Result[]): Promise<void> {
	const examples = loadExamples(options.examples, options.only);
	if (!examples.length) {
		throw new Error(`no workflows in ${options.examples}${options.only ? ` named ${[...options.only].join(', ')}` : ''}`);
	}
	for (const example of examples.filter((e) => e.expect.skip)) {
		results.push({ name: example.name, status: 'skipped', note: example.expect.skip });
	}
	const toRun = examples.filter((example) => !example.expect.skip);
	const unknownMode = toRun.filter((example) => !['execute', 'trigger', 'schedule'].includes(example.expect.mode));
	for (const example of unknownMode) {
		results.push({ name: example.name, status: 'failed', problems: [`unknown mode "${example.expect.mode}"`] });
	}

	// What was started, to be stopped whatever happens.
	const stops: Array<() => Promise<void>> = [];
	try {
		const { installation, userFolder, cli, server, placeholders } = await prepare(options, workDir, toRun, stops);
		for (const example of toRun.filter((e) => e.expect.mode === 'execute')) {
			const { run, result } = await cli.execute(example.id);
			if (run) saveRun(workDir, example, run);
			const problems = run
				? checkRun(run, example.expect)
				: [`no execution result (exit ${result.code}): ${errorSummary(result)}`];
			record(results, example, result.ms, problems);
		}

		const triggerExamples = toRun.filter((e) => e.expect.mode === 'trigger');
		const scheduleExamples = toRun.filter((e) => e.expect.mode === 'schedule');
		if (!triggerExamples.length && !scheduleExamples.length) return;
		const starting = Date.now();
		const n8nServer = await N8nServer.start(installation, userFolder, path.join(workDir, 'n8n-start.log'));
		stops.push(() => n8nServer.stop());
		log(`n8n server ready in ${Date.now() - starting} ms`);
		for (const example of triggerExamples) {
			const started = Date.now();
			let problems: string[];
			try {
				const run = await n8nServer.runFromTrigger({ ...example.workflow, id: example.id }, example.expect.trigger ?? '');
				saveRun(workDir, example, run);
				problems = checkRun(run, example.expect);
			} catch (error) {
				problems = [(error as Error).message];
			}
			record(results, example, Date.now() - started, problems, ' [trigger]');
		}
		for (const example of scheduleExamples) {
			const started = Date.now();
			let problems: string[];
			try {
				const run = await runOnSchedule(example, n8nServer, server, placeholders);
				saveRun(workDir, example, run);
				problems = checkRun(run, example.expect);
			} catch (error) {
				problems = [(error as Error).message];
			}
			record(results, example, Date.now() - started, problems, ' [schedule]');
		}
	} catch (error) {
		// Setup failed: every example without a result fails with it.
		const reason = `not run, setup failed: ${(error as Error).message.split('\n')[0]}`;
		const done = new Set(results.map((result) => result.name));
		for (const example of examples.filter((e) => !done.has(e.name))) {
			results.push({ name: example.name, status: 'failed', problems: [reason] });
		}
		throw error;
	} finally {
		await Promise.all(stops.map((stop) => stop()));
	}
}

/**
 * Everything before the first workflow runs: the Bot Platform server and its data, the packed package in a fresh
 * n8n user folder, the credential and the workflows (placeholders filled) imported into n8n.
 */
async function prepare(options: Options, workDir: string, examples: Example[], stops: Array<() => Promise<void>>) {
	const installation = findInstallation(options.line);
	assertBuilt();
	log(`n8n ${installation.version} on Node ${installation.nodeVersion}; work dir ${workDir}`);
	const [server, packed] = await Promise.all([
		startBotPlatform(ROOT, path.join(workDir, 'bot-platform.log')).then((started) => {
			stops.push(() => stopProcess(started.process));
			return started;
		}),
		options.packageDir ? { dir: options.packageDir, fileCount: '?' } : packPackage(ROOT, workDir),
	]);
	log(`Bot Platform server at ${server.url}; packed ${PACKAGE_NAME} (${packed.fileCount} files)`);
	const placeholders = {
		...(await provision(server)),
		__CREDENTIAL_ID__: CREDENTIAL.id,
		__CREDENTIAL_NAME__: CREDENTIAL.name,
	};
	log(`provisioned bot ${placeholders.__BOT_ID__}, project ${placeholders.__PROJECT_UUID__}`);

	const userFolder = prepareUserFolder(installation, workDir, packed.dir, PACKAGE_NAME);
	const cli = new N8nCli(installation, userFolder, path.join(workDir, 'n8n-cli.log'));
	const credentialsFile = path.join(workDir, 'credentials.json');
	const credential = { ...CREDENTIAL, data: { apiKey: placeholders.__API_KEY__, baseUrl: placeholders.__BASE_URL__ } };
	fs.writeFileSync(credentialsFile, JSON.stringify([credential]));
	const workflowsDir = path.join(workDir, 'workflows');
	fs.mkdirSync(workflowsDir);
	// Schedule-mode workflows are made through n8n's REST API when they run (`runOnSchedule`).
	for (const example of examples.filter((e) => e.expect.mode !== 'schedule')) {
		example.workflow = fillPlaceholders({ ...example.workflow, id: example.id, active: false }, placeholders);
		example.expect = fillPlaceholders(example.expect, placeholders);
		const left = leftoverPlaceholders(example.workflow);
		if (left.length) throw new Error(`${example.file}: unknown placeholder(s) ${left.join(', ')}`);
		fs.writeFileSync(path.join(workflowsDir, `${example.name}.json`), JSON.stringify(example.workflow));
	}
	log(`imported the credential in ${(await cli.importCredentials(credentialsFile)).ms} ms`);
	const imported = examples.filter((e) => e.expect.mode !== 'schedule').length;
	log(`imported ${imported} workflow(s) in ${(await cli.importWorkflows(workflowsDir)).ms} ms`);
	return { installation, userFolder, cli, server, placeholders };
}

/** How long the poll n8n runs on activation may take to store the trigger's cursor. */
const FIRST_POLL_DEADLINE_MS = 30_000;

/** How long the first scheduled poll may take to come: Poll Times of every minute, and a margin. */
const SCHEDULED_POLL_DEADLINE_MS = 150_000;

/**
 * Mode "schedule": the example's data is made now (after every other example), the workflow is created and
 * activated, and once the trigger `expect.trigger` has stored its cursor (n8n's first poll seeded it), the
 * `afterActivation` calls are made; the first execution that n8n's scheduled poll starts is the run checked.
 */
async function runOnSchedule(example: Example, n8nServer: N8nServer, server: ServerWithAdmin, placeholders: Placeholders) {
	const values = await provisionList(server, placeholders);
	const workflow = fillPlaceholders({ ...example.workflow, active: false }, values);
	const expectation = fillPlaceholders(example.expect, values);
	const left = leftoverPlaceholders([workflow, expectation]);
	if (left.length) throw new Error(`${example.file}: unknown placeholder(s) ${left.join(', ')}`);
	example.expect = expectation;
	const workflowId = await n8nServer.activate(workflow);
	try {
		await n8nServer.firstPollDone(workflowId, expectation.trigger ?? '', FIRST_POLL_DEADLINE_MS);
		for (const call of expectation.afterActivation ?? []) {
			await callApi(server, String(values.__API_KEY__), call.method, call.params);
		}
		return await n8nServer.firstExecution(workflowId, SCHEDULED_POLL_DEADLINE_MS);
	} finally {
		await n8nServer.deactivate(workflowId);
	}
}

function saveRun(workDir: string, example: Example, run: IRun): void {
	fs.writeFileSync(path.join(workDir, `${example.name}.run.json`), JSON.stringify(run, null, 2));
}

function record(results: Result[], example: Example, ms: number, problems: string[], how = ''): void {
	results.push({ name: example.name, status: problems.length ? 'failed' : 'passed', ms, problems });
	log(`${problems.length ? 'FAIL' : 'ok  '} ${example.name}${how} (${ms} ms)`);
}

/** The package's files that n8n loads, and the server, must be built: `npm run test:n8n` builds them. */
function assertBuilt(): void {
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	for (const file of [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])]) {
		if (!fs.existsSync(path.join(ROOT, file)))
			throw new Error(`${file} (package.json "n8n") is missing: run \`npm run build\` first`);
	}
}

function printSummary(results: Result[], keptWorkDir: string | undefined): void {
	console.log(`\nn8n end-to-end (${elapsed()})${keptWorkDir ? `, logs kept in ${keptWorkDir}` : ''}`);
	for (const result of results) {
		const mark = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' }[result.status];
		const time = result.ms === undefined ? '' : ` (${(result.ms / 1000).toFixed(1)}s)`;
		console.log(`  ${mark} ${result.name}${time}${result.note ? `: ${result.note}` : ''}`);
		for (const problem of result.problems ?? []) console.log(`       - ${problem.replace(/\n/g, '\n         ')}`);
	}
}

async function main(): Promise<void> {
	killChildrenOnExit();
	const results: Result[] = [];
	let workDir: string | undefined;
	let keep = false;
	try {
		const options = parseOptions(process.argv.slice(2));
		keep = options.keep;
		workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bot-platform-n8n-e2e-'));
		await runExamples(options, workDir, results);
	} catch (error) {
		console.error(`\n[n8n-e2e] setup failed: ${(error as Error).message}`);
		if (!results.some((result) => result.status === 'failed')) {
			results.push({ name: '(setup)', status: 'failed', problems: [(error as Error).message] });
		}
	}
	const failed = results.filter((result) => result.status === 'failed').length;
	const passed = results.filter((result) => result.status === 'passed').length;
	keep ||= failed > 0;
	printSummary(results, keep ? workDir : undefined);
	if (workDir && !keep) fs.rmSync(workDir, { recursive: true, force: true });
	console.log(`${passed} passed, ${failed} failed`);
	process.exitCode = failed ? 1 : 0;
}

void main();
