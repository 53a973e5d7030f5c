/**
 * What runs only elsewhere (the container image, compose, CI against real MongoDB) cannot run here, so its
 * contract is checked: the files parse, and say what the production recipe needs them to say.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { execForm, lastInstruction, readDockerfile, stageEnv } from '../support/dockerfile';

const ROOT = path.resolve(__dirname, '../../..');
const readYaml = (file: string) => parse(readFileSync(path.join(ROOT, file), 'utf8'));

describe('Dockerfile', () => {
	const stages = readDockerfile();
	const runtime = stages.at(-1)!;

	test('is multi-stage: a build stage, and a runtime stage with production dependencies only', () => {
		expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
		const runs = (stage: typeof runtime) => stage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
		expect(runs(stages[0]).join('\n')).toMatch(/npm run build --workspace server/);
		expect(runs(runtime).join('\n')).toMatch(/npm ci --workspace server --omit=dev/);
		expect(runtime.instructions).toEqual(
			expect.arrayContaining([
				{ keyword: 'COPY', args: '--from=build /app/server/dist server/dist' },
				// The emulator package the server depends on (a workspace, linked by npm ci).
				{ keyword: 'COPY', args: 'server/mongo-emulator/package.json server/mongo-emulator/' },
				{ keyword: 'COPY', args: '--from=build /app/server/mongo-emulator/dist server/mongo-emulator/dist' },
			]),
		);
		expect(stageEnv(runtime)).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
	});

	test('runs node directly as a non-root user, with a HEALTHCHECK on /healthz', () => {
		expect(lastInstruction(runtime, 'USER')).toBe('node');
		expect(execForm(lastInstruction(runtime, 'CMD')!)).toEqual(['node', 'server/dist/main.js']);
		const healthcheck = lastInstruction(runtime, 'HEALTHCHECK')!;
		expect(healthcheck).toMatch(/--interval=\S+ --timeout=\S+ --start-period=\S+ --retries=\d+ CMD \[/);
		expect(execForm(healthcheck)).toEqual(['node', 'server/dist/healthcheck.js']);
		expect(existsSync(path.join(ROOT, 'server/src/healthcheck.ts'))).toBe(true);
	});

	test('.dockerignore keeps node_modules and built output out of the build context', () => {
		const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
		expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git']));
	});
});

describe('compose.yaml', () => {
	const compose = readYaml('compose.yaml');

	test('MongoDB 8 as a single-node replica set, with a volume and a healthcheck that initiates the set', () => {
		const mongodb = compose.services.mongodb;
		expect(mongodb.image).toMatch(/^mongo:8\./);
		expect(mongodb.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
		expect(mongodb.volumes).toContain('mongodb-data:/data/db');
		expect(Object.keys(compose.volumes)).toContain('mongodb-data');
		const check = mongodb.healthcheck.test.join(' ');
		expect(check).toMatch(/rs\.initiate\(\{ _id: 'rs0', members: \[\{ _id: 0, host: 'mongodb:27017' \}\] \}\)/);
		expect(check).toMatch(/isWritablePrimary/);
	});

	test('the server is built here, waits for a healthy database, and reaches it as the replica set', () => {
		const server = compose.services.server;
		expect(server.build).toBe('.');
		expect(server.depends_on).toEqual({ mongodb: { condition: 'service_healthy' } });
		const uri = new URL(server.environment.MONGODB_URI);
		expect(uri.host).toBe('mongodb:27017');
		expect(uri.searchParams.get('replicaSet')).toBe('rs0');
		// No default admin token: compose refuses to start without one.
		expect(server.environment.ADMIN_TOKEN).toMatch(/^\$\{ADMIN_TOKEN:\?/);
		// Published on loopback by default, as server/README.md says (a TLS proxy in front).
		expect(server.ports).toEqual(['${BIND_ADDRESS:-127.0.0.1}:${PORT:-3000}:3000']);
	});
});

describe('GitHub Actions', () => {
	const workflow = readYaml('.github/workflows/server.yml');
	const steps = (job: string): any[] => workflow.jobs[job].steps;

	test('server.yml runs on pushes to main and on pull requests, with read-only permissions', () => {
		expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
		expect(workflow.permissions).toEqual({ contents: 'read' });
	});

	test('ci.yml runs the full suite on the embedded database: no MONGODB_URI anywhere', () => {
		const ci = readYaml('.github/workflows/ci.yml');
		expect(JSON.stringify(ci)).not.toContain('MONGODB_URI');
		expect(ci.jobs.test.steps.map((step: any) => step.run).filter(Boolean)).toEqual(['npm ci', 'npm test']);
	});

	test('server.yml: the tests against MongoDB 7.0 and 8.0, each a replica set reached through MONGODB_URI', () => {
		const job = workflow.jobs.mongodb;
		expect(job.strategy.matrix.mongodb).toEqual(['7.0', '8.0']);
		const uri = new URL(job.env.MONGODB_URI);
		expect(uri.searchParams.get('replicaSet')).toBe('rs0');
		const start = steps('mongodb').find((step) => /replica set/.test(step.name ?? '')).run as string;
		expect(start).toContain('mongo:${{ matrix.mongodb }}" --replSet rs0');
		// The member's name is the address the tests use, or the driver could not find the primary.
		expect(start).toContain(`host: '${uri.host}'`);
		expect(
			steps('mongodb')
				.map((step) => step.run)
				.filter(Boolean),
		).toEqual(expect.arrayContaining(['npm ci', 'npm run build', 'npx jest']));
	});

	test('server.yml: every action is pinned to a major version, and every script is valid bash', () => {
		for (const job of Object.keys(workflow.jobs)) {
			for (const step of steps(job)) {
				if (step.uses) expect(step.uses).toMatch(/^actions\/[a-z-]+@v\d+$/);
				if (step.run) execFileSync('bash', ['-n', '-c', step.run]);
			}
		}
	});
});

describe('the server packages on npm', () => {
	const workflow = readYaml('.github/workflows/release-server.yml');
	const readPackage = (dir: string) => JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
	const server = readPackage('server');
	const emulator = readPackage('server/mongo-emulator');

	test('both are public, with a licence, and the server depends on the emulator of its own version', () => {
		for (const pkg of [server, emulator]) {
			expect(pkg.private).toBeUndefined();
			expect(pkg).toMatchObject({ license: 'MIT', publishConfig: { access: 'public', provenance: true } });
			expect(pkg.repository.directory).toBeDefined();
		}
		expect(server.dependencies['bot-platform-mongo-emulator']).toBe(emulator.version);
		expect(server.version).toBe(emulator.version);
		expect(server.bin).toEqual({ 'bot-platform-server': 'dist/main.js' });
		expect(existsSync(path.join(ROOT, 'server/LICENSE'))).toBe(true);
		expect(existsSync(path.join(ROOT, 'server/mongo-emulator/LICENSE'))).toBe(true);
	});

	test('release-server.yml publishes the emulator, then the server, with provenance, after the tests', () => {
		expect(workflow.on.push.tags).toEqual(['server-v*.*.*']);
		expect(workflow.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
		const runs: string[] = workflow.jobs.publish.steps.map((step: any) => step.run).filter(Boolean);
		for (const run of runs) execFileSync('bash', ['-n', '-c', run]);
		const publishes = runs.filter((run) => run.startsWith('npm publish'));
		expect(publishes).toEqual([
			'npm publish --workspace bot-platform-mongo-emulator --provenance --access public',
			'npm publish --workspace bot-platform-server --provenance --access public',
		]);
		expect(runs.indexOf('npm test')).toBeLessThan(runs.indexOf(publishes[0]));
	});
});
