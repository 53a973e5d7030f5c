/**
 * The test double as CI runs it: the built server (`node server/dist/main.js`) started with `SEED_FILE`
 * (server README, "Start from a seed file in CI").
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiClient } from '../support/api-client';
import { http } from '../support/http';
import { listeningUrl, outputUntilExit, serverLog, startProcess, stopProcess } from '../support/processes';

const EXAMPLE_SEED = path.resolve(__dirname, '../../examples/seed.json');
const ALICE_KEY = 'bp_seed_alice_0123456789abcdef';
const ADMIN_TOKEN = 'test-double-process-admin-token-0123456789';

jest.setTimeout(120_000);

describe('node server/dist/main.js with SEED_FILE', () => {
	test('a seeded key works on getMe; POST /admin/v1/reset is 204 and brings the seeded data back', async () => {
		const child = startProcess({ PORT: '0', HOST: '127.0.0.1', ADMIN_TOKEN, SEED_FILE: EXAMPLE_SEED });
		const log = serverLog(child);
		try {
			const url = await listeningUrl(log);
			const alice = new ApiClient(url, ALICE_KEY);
			const me = await alice.call('getMe');
			expect(me.status).toBe(200);
			expect(me.data.data.email).toBe('alice@example.com');

			const count = async () => (await alice.call('getNumberOfContacts', { bot_id: 1 })).data.count;
			const seeded = await count();
			const created = await alice.call('createOrUpdateContact', {
				bot_id: 1,
				messenger: 'telegram',
				telegram_id: 555,
				name: 'New',
			});
			expect(created.status).toBe(201);
			expect(await count()).toBe(seeded + 1);

			const reset = await http.post(`${url}/admin/v1/reset`, undefined, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
			expect(reset.status).toBe(204);
			expect(await count()).toBe(seeded);
			expect((await alice.call('getMe')).status).toBe(200);

			expect(await stopProcess(child)).toBe(0);
			expect(log.entries.find((entry) => entry.msg === 'starting')).toMatchObject({
				settings: { testDouble: expect.stringMatching(/^on/) },
			});
			expect(JSON.stringify(log.entries)).not.toContain(ALICE_KEY);
		} finally {
			child.kill('SIGKILL');
		}
	});

	test('a seed file that cannot be used: exit code 1 and one line naming the place in the file', async () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'seed-'));
		const file = path.join(dir, 'seed.json');
		writeFileSync(file, JSON.stringify({ users: [{ name: 'Short', email: 'short@example.com', api_key: 'short' }] }));
		try {
			const child = startProcess({ PORT: '0', HOST: '127.0.0.1', ADMIN_TOKEN, SEED_FILE: file });
			const { code, stdout, stderr } = await outputUntilExit(child);
			expect(code).toBe(1);
			const lines = stdout.trim().split('\n');
			expect(lines).toHaveLength(1);
			expect(JSON.parse(lines[0])).toMatchObject({
				level: 'fatal',
				msg: expect.stringMatching(/^invalid seed: SEED_FILE users\[0\]\.api_key: \S/),
			});
			expect(stderr).toBe('');
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
