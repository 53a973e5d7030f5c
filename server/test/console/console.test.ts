/**
 * The web console (`/console`) in a real headless browser (Debian's chromium, driven by playwright-core), and its
 * refusals over plain HTTP: no console without ADMIN_TOKEN, no page or call without a session, wrong tokens counted
 * by the admin token's throttle, sessions that end when idle or signed out, changes refused from another origin or
 * without the CSRF token, and no token or key in a page, a cookie, browser storage or a log line.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, haveChromium, watchPage } from '../support/chromium';
import { capturedLog } from '../support/captured-log';
import { contactAccountFixture, accountsOf, startServerOnSameDatabase } from '../support/contact-accounts';
import { createUser, createListForTest, createProject } from '../support/factories';
import { http } from '../support/http';
import { until } from '../support/wait';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/test-server';

if (!haveChromium && !process.env.CI) {
	console.warn(
		`console.test.ts: browser tests skipped: no chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`,
	);
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** Signs in over HTTP; the session cookie as a `Cookie` header value. */
async function signIn(t: TestServer, token = TEST_ADMIN_TOKEN): Promise<string> {
	const res = await http.post(`${t.url}/console/sign-in`, form({ token }), { headers: formHeaders });
	expect(res.status).toBe(303);
	const [cookie] = res.headers['set-cookie'] ?? [];
	return cookie.split(';')[0];
}

describe('the console over HTTP', () => {
	let t: TestServer;
	beforeAll(async () => {
		t = await startTestServer();
	});
	afterAll(() => t.close());

	test('is not there without ADMIN_TOKEN: every console path is 404, as the admin API', async () => {
		const closed = await startTestServer({ adminToken: undefined });
		try {
			for (const path of ['/console', '/console/', '/console/sign-in', '/console/api/users', '/console/assets/app.js']) {
				expect((await http.get(`${closed.url}${path}`)).status).toBe(404);
			}
			expect((await http.post(`${closed.url}/console/sign-in`, form({ token: 'x' }), { headers: formHeaders })).status).toBe(404);
		} finally {
			await closed.close();
		}
	});

	test('without a session: the page sends to sign-in, the calls are 401', async () => {
		const page = await http.get(`${t.url}/console/`);
		expect(page.status).toBe(303);
		expect(page.headers.location).toBe('/console/sign-in');
		for (const path of ['/console/api/users', '/console/session']) {
			expect((await http.get(`${t.url}${path}`)).status).toBe(401);
		}
		const forged = await http.get(`${t.url}/console/api/users`, {
			headers: { Cookie: 'bp_console=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
		});
		expect(forged.status).toBe(401);
		// The admin token as a cookie is no session either.
		expect((await http.get(`${t.url}/console/api/users`, { headers: { Cookie: `bp_console=${TEST_ADMIN_TOKEN}` } })).status).toBe(
			401,
		);
	});

	test('sign-in: a wrong token is 401; the right one opens a session in an HttpOnly SameSite=Strict cookie scoped to /console', async () => {
		const wrong = await http.post(`${t.url}/console/sign-in`, form({ token: 'wrong' }), { headers: formHeaders });
		expect(wrong.status).toBe(401);
		expect(wrong.headers['set-cookie']).toBeUndefined();
		expect(String(wrong.data)).toContain('Wrong token.');

		const right = await http.post(`${t.url}/console/sign-in`, form({ token: TEST_ADMIN_TOKEN }), { headers: formHeaders });
		expect(right.status).toBe(303);
		expect(right.headers.location).toBe('/console/');
		const [cookie] = right.headers['set-cookie'] ?? [];
		expect(cookie).toMatch(/^bp_console=[A-Za-z0-9_-]{43}; Path=\/console; HttpOnly; SameSite=Strict$/);
		expect(cookie).not.toContain(TEST_ADMIN_TOKEN);
		// Over TLS (here: a trusted proxy saying so) the cookie is Secure as well.
		const behindTls = await startTestServer({ trustProxy: 'loopback' });
		try {
			const secure = await http.post(`${behindTls.url}/console/sign-in`, form({ token: TEST_ADMIN_TOKEN }), {
				headers: { ...formHeaders, 'X-Forwarded-Proto': 'https' },
			});
			expect(secure.headers['set-cookie']?.[0]).toMatch(/; Secure$/);
		} finally {
			await behindTls.close();
		}
	});

	test('failed sign-ins count against the admin token throttle: past it, 429 there and on /admin/v1', async () => {
		const strict = await startTestServer({ authFailuresPerMinute: 2 });
		try {
			for (let i = 0; i < 2; i++) {
				expect(
					(await http.post(`${strict.url}/console/sign-in`, form({ token: `wrong-${i}` }), { headers: formHeaders })).status,
				).toBe(401);
			}
			const throttled = await http.post(`${strict.url}/console/sign-in`, form({ token: TEST_ADMIN_TOKEN }), {
				headers: formHeaders,
			});
			expect(throttled.status).toBe(429);
			expect(throttled.headers['retry-after']).toMatch(/^\d+$/);
			expect(throttled.headers['set-cookie']).toBeUndefined();
			expect((await strict.admin.request('GET', '/users')).status).toBe(429);
		} finally {
			await strict.close();
		}
	});

	test('changes need the CSRF token and this origin; reads need the session only', async () => {
		const cookie = await signIn(t);
		const session = await http.get(`${t.url}/console/session`, { headers: { Cookie: cookie } });
		expect(session.status).toBe(200);
		const csrf: string = session.data.data.csrf_token;
		expect(csrf).not.toBe(cookie.split('=')[1]);
		const user = { name: 'Csrf', email: `csrf-${Date.now()}@example.com` };
		const post = (headers: Record<string, string>) =>
			http.post(`${t.url}/console/api/users`, user, { headers: { Cookie: cookie, ...headers } });

		expect((await post({})).status).toBe(403);
		expect((await post({ 'X-CSRF-Token': 'not-it' })).status).toBe(403);
		expect((await post({ 'X-CSRF-Token': csrf, Origin: 'http://evil.example' })).status).toBe(403);
		expect((await post({ 'X-CSRF-Token': csrf, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
		expect((await t.admin.expect(200, 'GET', `/users?search=${user.email}`)).meta.total).toBe(0);

		const created = await post({ 'X-CSRF-Token': csrf, Origin: t.url });
		expect(created.status).toBe(201);
		expect(
			(await http.get(`${t.url}/console/api/users?search=${user.email}`, { headers: { Cookie: cookie } })).data.meta.total,
		).toBe(1);
		const trail = await t.admin.expect(200, 'GET', '/audit?action=createUser');
		expect(trail.data[0]).toMatchObject({ target_id: created.data.data.id, via: 'console' });
	});

	test('a session ends after the idle timeout, and at sign-out', async () => {
		const quick = await startTestServer({ consoleIdleTimeoutMs: 1000 });
		try {
			const cookie = await signIn(quick);
			expect((await http.get(`${quick.url}/console/session`, { headers: { Cookie: cookie } })).status).toBe(200);
			// The passing of time is what is tested here: a second without a request of the person's; the page's own
			// timed refreshes in between do not count.
			const pause = () => new Promise((resolve) => setTimeout(resolve, 600));
			await pause();
			const poll = await http.get(`${quick.url}/console/api/overview`, { headers: { Cookie: cookie, 'X-Console-Poll': '1' } });
			expect(poll.status).toBe(200);
			await pause();
			expect((await http.get(`${quick.url}/console/session`, { headers: { Cookie: cookie } })).status).toBe(401);
			const stalePage = await http.get(`${quick.url}/console/`, { headers: { Cookie: cookie } });
			expect(stalePage.status).toBe(303);
			expect(stalePage.headers['set-cookie']?.[0]).toMatch(/^bp_console=; Path=\/console; .*Max-Age=0/);
		} finally {
			await quick.close();
		}
		const cookie = await signIn(t);
		const csrf = (await http.get(`${t.url}/console/session`, { headers: { Cookie: cookie } })).data.data.csrf_token;
		expect((await http.post(`${t.url}/console/sign-out`, undefined, { headers: { Cookie: cookie } })).status).toBe(403);
		expect(
			(await http.post(`${t.url}/console/sign-out`, undefined, { headers: { Cookie: cookie, 'X-CSRF-Token': csrf } })).status,
		).toBe(204);
		expect((await http.get(`${t.url}/console/session`, { headers: { Cookie: cookie } })).status).toBe(401);
	});

	test('two instances on one database share sessions: signed in on one, used on the other, signed out on both', async () => {
		const other = await startServerOnSameDatabase(t);
		try {
			const cookie = await signIn(t);
			const session = await http.get(`${other.url}/console/session`, { headers: { Cookie: cookie } });
			expect(session.status).toBe(200);
			const email = `two-${Date.now()}@example.com`;
			const created = await http.post(
				`${other.url}/console/api/users`,
				{ name: 'Two', email },
				{ headers: { Cookie: cookie, 'X-CSRF-Token': session.data.data.csrf_token } },
			);
			expect(created.status).toBe(201);
			const trail = await t.admin.expect(200, 'GET', '/audit?action=createUser');
			expect(trail.data[0]).toMatchObject({ target_id: created.data.data.id, via: 'console' });
			const headers = { Cookie: cookie, 'X-CSRF-Token': session.data.data.csrf_token };
			expect((await http.post(`${t.url}/console/sign-out`, undefined, { headers })).status).toBe(204);
			expect((await http.get(`${other.url}/console/session`, { headers: { Cookie: cookie } })).status).toBe(401);
		} finally {
			await other.server.close();
		}
	});

	test('every console answer carries the strict CSP; the assets are this server’s', async () => {
		const signInPage = await http.get(`${t.url}/console/sign-in`);
		expect(signInPage.headers['content-security-policy']).toBe(
			"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
		);
		for (const asset of ['app.js', 'console.css', 'vendor/preact.mjs', 'vendor/preact-hooks.mjs', 'vendor/htm.mjs']) {
			const res = await http.get(`${t.url}/console/assets/${asset}`);
			expect(res.status).toBe(200);
			expect(res.headers['content-type']).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^(application|text)\/javascript/);
		}
		expect(String((await http.get(`${t.url}/console/assets/vendor/preact-hooks.mjs`)).data)).not.toMatch(/from\s*["']preact["']/);
		expect((await http.get(`${t.url}/console/assets/..%2F..%2Fpackage.json`)).status).toBe(404);
	});
});

(haveChromium || process.env.CI ? describe : describe.skip)('the console in headless chromium', () => {
	let t: TestServer;
	let browser: Browser;
	let context: BrowserContext;
	let page: Page;
	const log = capturedLog();
	let requests: string[];
	let problems: string[];
	const secrets: string[] = [TEST_ADMIN_TOKEN];

	beforeAll(async () => {
		if (!haveChromium) throw new Error(`CI needs chromium at ${CHROMIUM}: .ci/run installs it`);
		t = await startTestServer({}, log.logger);
		browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
		context = await browser.newContext({ viewport: { width: 390, height: 800 } });
		page = await context.newPage();
		({ requests, problems } = watchPage(page));
	}, 60_000);

	afterAll(async () => {
		await browser?.close();
		await t?.close();
	});

	const screen = async (name: string) => {
		await page.getByRole('link', { name, exact: true }).click();
		await page.getByRole('heading', { level: 2, name }).waitFor();
	};

	test('signs in with the keyboard alone, lands on the overview, reads well at phone width', async () => {
		await page.goto(`${t.url}/console/`);
		expect(page.url()).toBe(`${t.url}/console/sign-in`);
		// The token field has the focus: type, Enter.
		await page.keyboard.type('not-the-token');
		await page.keyboard.press('Enter');
		await page.getByRole('alert').filter({ hasText: 'Wrong token.' }).waitFor();
		await page.keyboard.type(TEST_ADMIN_TOKEN);
		await page.keyboard.press('Enter');
		await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
		expect(await page.getByTestId('health').textContent()).toBe('healthy');
		expect(await page.locator('figure svg rect').count()).toBeGreaterThan(0);
		// Nothing wider than the phone's screen.
		expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

		// Tab through the navigation to Users and open it with Enter.
		for (let i = 0; i < 20; i++) {
			await page.keyboard.press('Tab');
			if ((await page.evaluate<string>('document.activeElement.textContent')) === 'Users') break;
		}
		await page.keyboard.press('Enter');
		await page.getByRole('heading', { level: 2, name: 'Users' }).waitFor();
	}, 60_000);

	test('the session cookie is HttpOnly, SameSite=Strict, scoped to /console, and is not the token', async () => {
		const cookies = await context.cookies();
		expect(cookies).toHaveLength(1);
		expect(cookies[0]).toMatchObject({ name: 'bp_console', path: '/console', httpOnly: true, sameSite: 'Strict' });
		expect(cookies[0].value).not.toContain(TEST_ADMIN_TOKEN);
		expect(await page.evaluate<string>('document.cookie')).toBe('');
	});

	test('creates a user: the key is shown once, with a copy button, and works', async () => {
		await screen('Users');
		const email = `console-${Date.now()}@example.com`;
		const create = page.getByRole('form', { name: 'Create a user' });
		await create.getByLabel('Name').fill('Console user');
		await create.getByLabel('E-mail').fill(email);
		await create.getByRole('button', { name: 'Create user' }).click();
		const key = (await page.getByTestId('shown-key').textContent()) ?? '';
		expect(key).toMatch(/\S{16,}/);
		secrets.push(key);
		await expect(page.getByRole('button', { name: 'Copy' }).isVisible()).resolves.toBe(true);
		const me = await http.post(
			`${t.url}/api/v1/getMe`,
			{},
			{ headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } },
		);
		expect(me.status).toBe(200);
		expect(me.data.data.email).toBe(email);
		await page.getByRole('button', { name: 'Done' }).click();
		expect(await page.getByTestId('shown-key').count()).toBe(0);
		await page.getByRole('row').filter({ hasText: email }).getByRole('cell', { name: 'active' }).waitFor();

		// Plan, block, regenerate: the old key stops working, the new one is shown once.
		const row = page.getByRole('row').filter({ hasText: email });
		await row.getByLabel(`Plan of ${email}`).selectOption('free');
		const changed = () => t.admin.expect(200, 'GET', `/users?search=${email}`).then(({ data }) => data[0].plan);
		await until(async () => (await changed()) === 'free', 'the plan change');
		await row.getByRole('button', { name: 'Block' }).click();
		await row.getByRole('cell', { name: 'blocked' }).waitFor();
		await row.getByRole('button', { name: 'Unblock' }).click();
		await row.getByRole('cell', { name: 'active' }).waitFor();
		await row.getByRole('button', { name: 'Regenerate key' }).click();
		const renewed = (await page.getByTestId('shown-key').textContent()) ?? '';
		expect(renewed).not.toBe(key);
		secrets.push(renewed);
		expect(
			(await http.post(`${t.url}/api/v1/getMe`, {}, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } }))
				.status,
		).toBe(401);
		await page.getByRole('button', { name: 'Done' }).click();
	}, 60_000);

	test("blocks and unblocks a contact's account on its card, and shows its journal with a chart", async () => {
		const fixture = await contactAccountFixture(t, { balance: 1250 });
		secrets.push(fixture.owner.apiKey);
		await screen('Contacts');
		await page.getByLabel('Bot ID').fill(String(fixture.bot.id));
		await page.getByLabel('Name, phone or messenger ID').fill(String(fixture.contact.telegram_id));
		await page.getByRole('button', { name: 'Find' }).click();
		await page.getByRole('button', { name: `Open card of ${fixture.contact.name}` }).click();
		const contactAccount = page.getByTestId(`contact-account-${fixture.accountId}`);
		await contactAccount.getByText('12.50 USD').waitFor();
		await contactAccount.getByRole('button', { name: 'Block' }).click();
		await contactAccount.getByText(/blocked since/).waitFor();
		expect((await accountsOf(fixture.owner, fixture.contact.id))[0].blocked_at).not.toBeNull();
		await contactAccount.getByRole('button', { name: 'Unblock' }).click();
		await contactAccount.getByText('not blocked').waitFor();
		expect((await accountsOf(fixture.owner, fixture.contact.id))[0].blocked_at).toBeNull();
		await contactAccount.getByRole('button', { name: 'Journal' }).click();
		await contactAccount.getByRole('cell', { name: 'Deposit via API' }).waitFor();
		expect(await contactAccount.locator('svg path.balance').count()).toBe(1);
	}, 60_000);

	test('arms a fault, sees it act in the request log, removes it', async () => {
		await screen('Test double');
		const arm = page.getByRole('form', { name: 'Arm a fault' });
		await arm.getByLabel('Method').fill('getMe');
		await arm.getByLabel('Status').fill('503');
		await arm.getByRole('button', { name: 'Arm fault' }).click();
		const faults = page.getByTestId('faults');
		await faults.getByRole('cell', { name: '503' }).waitFor();
		const [fault] = (await t.admin.expect(200, 'GET', '/faults')).data;
		expect(fault).toMatchObject({ method: 'getMe', status: 503 });

		expect((await http.post(`${t.url}/api/v1/getMe`, {}, { headers: { Accept: 'application/json' } })).status).toBe(503);
		await page.getByRole('button', { name: 'Refresh' }).click();
		await page.getByTestId('requests').getByRole('cell', { name: '503 (fault)' }).first().waitFor();

		await page.getByRole('button', { name: `Remove fault ${fault.id}` }).click();
		await page.getByText('No fault is armed.').waitFor();
		expect((await t.admin.expect(200, 'GET', '/faults')).data).toEqual([]);
	}, 60_000);

	test('the audit screen shows the changes made in the console', async () => {
		await screen('Audit');
		const audit = page.getByTestId('audit');
		for (const action of [
			'createUser',
			'updateUser',
			'regenerateApiKey',
			'blockContactAccount',
			'unblockContactAccount',
			'createFault',
			'deleteFault',
		]) {
			await audit.getByRole('cell', { name: action, exact: true }).first().waitFor();
		}
		expect(await audit.getByRole('cell', { name: 'console', exact: true }).count()).toBeGreaterThanOrEqual(7);
	}, 60_000);

	test('projects and bots: creates a project and a bot, invites a member, deletes the bot', async () => {
		const owner = await createUser(t);
		const member = await createUser(t);
		secrets.push(owner.apiKey, member.apiKey);
		await screen('Projects and bots');
		const create = page.getByRole('form', { name: 'Create a project' });
		await create.getByLabel('Owner (user ID)').fill(owner.id);
		await create.getByLabel('Name').fill('Console project');
		await create.getByRole('button', { name: 'Create project' }).click();
		const row = page.getByRole('row').filter({ hasText: owner.id });
		await row.getByRole('cell', { name: 'Console project', exact: true }).waitFor();

		const invite = row.getByRole('form', { name: 'Invite a member to Console project' });
		await invite.getByLabel('User ID').fill(member.id);
		await invite.getByRole('button', { name: 'Invite' }).click();
		await row.getByText(member.id).waitFor();

		await row.getByRole('button', { name: 'Bots' }).click();
		const bots = page.getByRole('region', { name: 'Bots of Console project' });
		await bots.getByLabel('Name').fill('Console bot');
		await bots.getByRole('button', { name: 'Create bot' }).click();
		await bots.getByRole('cell', { name: 'Console bot', exact: true }).waitFor();
		const [project] = (await t.admin.expect(200, 'GET', `/projects?owner_id=${owner.id}`)).data;
		expect(project.member_ids).toEqual([member.id]);
		const [bot] = (await t.admin.expect(200, 'GET', `/bots?project_uuid=${project.uuid}`)).data;
		expect(bot.name).toBe('Console bot');

		await bots.getByRole('button', { name: 'Delete' }).click();
		await bots.getByRole('button', { name: 'Confirm: delete Console bot' }).click();
		await bots.getByRole('cell', { name: 'Console bot', exact: true }).waitFor({ state: 'detached' });
		expect((await t.admin.request('GET', `/bots/${bot.id}`)).status).toBe(404);
	}, 60_000);

	test('lists: schemas with their fields, records added; deprecations set and cleared', async () => {
		const owner = await createUser(t);
		secrets.push(owner.apiKey);
		const list = await createListForTest(owner, { project_uuid: (await createProject(t, owner)).uuid }, [
			{ name: 'Title', slug: 'title', type: 'string', is_required: true },
		]);
		await screen('Lists');
		const card = page.getByRole('article').filter({ hasText: list.id });
		await card.getByRole('cell', { name: 'title', exact: true }).waitFor();
		await card.getByRole('button', { name: /^Records \(0\)/ }).click();
		await card.getByLabel('Values (JSON, slug to value)').fill('{"title": "From the console"}');
		await card.getByRole('button', { name: 'Add record' }).click();
		await card.getByText('From the console').waitFor();
		expect((await t.admin.expect(200, 'GET', `/lists/${list.id}/items`)).data).toHaveLength(1);

		await screen('Deprecations');
		await page.getByLabel('API method').fill('getNumberOfContacts');
		await page.getByLabel('Sunset (your time)').fill('2099-06-30T12:00');
		await page.getByRole('button', { name: 'Set sunset' }).click();
		await page.getByRole('button', { name: 'Clear getNumberOfContacts' }).waitFor();
		const set = (await t.admin.expect(200, 'GET', '/deprecations')).data;
		expect(set).toContainEqual({ method: 'getNumberOfContacts', sunset: expect.stringMatching(/^2099-06-30T/) });
		await page.getByRole('button', { name: 'Clear getNumberOfContacts' }).click();
		await page.getByText('No method is deprecated.').waitFor();
		expect((await t.admin.expect(200, 'GET', '/deprecations')).data).toEqual([]);
	}, 60_000);

	test('test double: a request in the log in full on click; a seed uploaded and a reset, the session and the trail kept', async () => {
		await screen('Test double');
		expect((await http.post(`${t.url}/api/v1/getMe`, {}, { headers: { Accept: 'application/json' } })).status).toBe(401);
		await page.getByLabel('Status').first().selectOption('4xx');
		await page.getByRole('button', { name: 'Refresh' }).click();
		const logged = page.getByTestId('requests').getByRole('row').filter({ hasText: '401' }).first();
		await logged.getByRole('button', { name: 'Details' }).click();
		await page.getByTestId('requests').locator('pre.json').filter({ hasText: '"status": 401' }).first().waitFor();

		const key = 'uploaded-seed-key-0123456789';
		await page.getByLabel('Seed file (JSON)').setInputFiles({
			name: 'seed.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify({ users: [{ name: 'Seeded', email: 'seeded@example.com', api_key: key }] })),
		});
		await page.getByRole('button', { name: 'Apply seed' }).click();
		await page.getByText('Seed seed.json applied.').waitFor();
		expect((await t.admin.expect(200, 'GET', '/users')).data.map((user: { email: string }) => user.email)).toEqual([
			'seeded@example.com',
		]);
		await page.getByRole('button', { name: 'Reset to the seed' }).click();
		await page.getByText(/^Data reset at/).waitFor();
		expect((await t.admin.expect(200, 'GET', '/users')).meta.total).toBe(0);
		const trail = (await t.admin.expect(200, 'GET', '/audit?per_page=2')).data;
		expect(trail.map((entry: { action: string; via: string }) => [entry.action, entry.via])).toEqual([
			['reset', 'console'],
			['applySeed', 'console'],
		]);
	}, 60_000);

	test('a cross-site form post is refused (CSRF), and changes nothing', async () => {
		const before = (await t.admin.expect(200, 'GET', '/users')).meta.total;
		const attacker: Server = createServer((_req, res) => {
			res.setHeader('Content-Type', 'text/html');
			res.end(`<form id="f" method="post" action="${t.url}/console/api/users">
				<input name="name" value="Mallory"><input name="email" value="mallory@example.com"></form>
				<script>document.getElementById('f').submit()</script>`);
		});
		attacker.listen(0, '127.0.0.1');
		await new Promise((resolve) => attacker.once('listening', resolve));
		try {
			const other = await context.newPage();
			const answer = other.waitForResponse((res) => res.url() === `${t.url}/console/api/users`);
			await other.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
			expect((await answer).status()).toBe(403);
			await other.close();
		} finally {
			attacker.close();
		}
		expect((await t.admin.expect(200, 'GET', '/users')).meta.total).toBe(before);
	}, 60_000);

	test('no token or key in the pages, browser storage, cookies or the log; nothing loaded from elsewhere, no CSP breach', async () => {
		const pages = [await page.content(), String((await http.get(`${t.url}/console/sign-in`)).data)];
		const storage = await page.evaluate<string>('JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } })');
		expect(storage).toBe('{"local":{},"session":{}}');
		const cookies = JSON.stringify(await context.cookies());
		const logText = JSON.stringify(log.lines);
		expect(log.lines.length).toBeGreaterThan(0);
		for (const secret of secrets) {
			for (const text of [...pages, cookies, logText]) expect(text).not.toContain(secret);
		}
		expect(requests.length).toBeGreaterThan(0);
		expect(requests.filter((url) => !url.startsWith(`${t.url}/`) && !url.startsWith('data:'))).toEqual([]);
		expect(problems.filter((text) => !/status of (401|403|404|422|503)/.test(text))).toEqual([]);
	});

	test('signs out: back to sign-in, and the old cookie opens nothing', async () => {
		const [cookie] = await context.cookies();
		await page.getByRole('button', { name: 'Sign out' }).click();
		await page.waitForURL(`${t.url}/console/sign-in`);
		expect(await context.cookies()).toEqual([]);
		expect((await http.get(`${t.url}/console/api/users`, { headers: { Cookie: `bp_console=${cookie.value}` } })).status).toBe(
			401,
		);
		await page.goto(`${t.url}/console/`);
		expect(page.url()).toBe(`${t.url}/console/sign-in`);
	}, 60_000);
});
