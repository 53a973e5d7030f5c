/**
 * `GET /docs` in a real headless browser (Debian's chromium, driven by playwright-core): the page renders every
 * operation of `GET /openapi.json`, the 27 API methods and the admin routes among them, with no request to any
 * other origin and no error. Skipped with a notice where no browser is installed, except in CI (`.ci/run`
 * installs chromium; GitHub's runners have Chrome), where its absence fails.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, haveChromium, watchPage } from '../support/chromium';
import { apiMethods } from '../../src/api';
import { createUser } from '../support/factories';
import { http } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';

const VERBS = ['get', 'put', 'post', 'delete', 'patch'];

if (!haveChromium && !process.env.CI) {
	console.warn(`reference-page.test.ts skipped: no chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
}

(haveChromium || process.env.CI ? describe : describe.skip)('GET /docs in headless chromium', () => {
	let t: TestServer;
	let browser: Browser;
	let page: Page;
	let requests: string[];
	let problems: string[];

	beforeAll(async () => {
		if (!haveChromium) throw new Error(`CI needs chromium at ${CHROMIUM}: .ci/run installs it`);
		t = await startTestServer();
		browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
		page = await browser.newPage();
		({ requests, problems } = watchPage(page));
	}, 60_000);

	afterAll(async () => {
		await browser?.close();
		await t?.close();
	});

	test('renders every operation of /openapi.json, the 27 API methods and the admin routes among them', async () => {
		const document = (await http.get(`${t.url}/openapi.json`)).data;
		const documented = Object.entries<Record<string, unknown>>(document.paths).flatMap(([path, item]) =>
			VERBS.filter((verb) => verb in item).map((verb) => `${verb} ${path}`),
		);

		await page.goto(`${t.url}/docs`);
		// Swagger UI lists every operation of every tag as one `.opblock`; waiting for all of them is waiting for the render.
		await page.waitForFunction((count) => document.querySelectorAll('.opblock').length === count, documented.length, {
			timeout: 30_000,
		});
		const rendered = await page.$$eval('.opblock', (blocks) =>
			blocks.map((block) => {
				const verb = block.querySelector('.opblock-summary-method')?.textContent?.trim().toLowerCase();
				// A deprecated operation's path has a class of its own (the /admin/v1/accounts aliases).
				const path = block.querySelector('.opblock-summary-path, .opblock-summary-path__deprecated')?.getAttribute('data-path');
				return `${verb} ${path}`;
			}),
		);

		expect([...rendered].sort()).toEqual([...documented].sort());
		expect(apiMethods).toHaveLength(27);
		for (const method of apiMethods) expect(rendered).toContain(`post /api/v1/${method.name}`);
		for (const path of ['/admin/v1/users', '/admin/v1/bots/{id}', '/admin/v1/deprecations/{method}']) {
			expect(rendered.some((operation) => operation.endsWith(` ${path}`))).toBe(true);
		}
		const text = await page.textContent('body');
		expect(text).toContain('Bot Platform API');
	}, 60_000);

	test('loads nothing from another origin, breaks no content security rule, logs no error', async () => {
		expect(requests.length).toBeGreaterThan(0);
		expect(requests.filter((url) => !url.startsWith(`${t.url}/`) && !url.startsWith('data:'))).toEqual([]);
		expect(problems).toEqual([]);
	});

	test('"Try it out" asks for JSON: a refused example is answered 422 with its errors, not the redirect of §4.1', async () => {
		const { apiKey } = await createUser(t);
		await page.goto(`${t.url}/docs`);
		await page.click('.btn.authorize');
		const bearer = page.locator('.auth-container').filter({ hasText: 'bearerKey' });
		await bearer.locator('input').fill(apiKey);
		await bearer.locator('button.authorize').click();
		await page.click('.btn-done');

		const operation = page
			.locator('.opblock.opblock-post')
			.filter({ has: page.locator('[data-path="/api/v1/addContactAccount"]') });
		await operation.locator('.opblock-summary').click();
		await operation.locator('.btn.try-out__btn').click();
		// The example is the declaration's own (contact 1 in USD); a contact that is not the caller's makes it refused.
		const body = operation.locator('textarea.body-param__text');
		expect(JSON.parse(await body.inputValue())).toEqual({ contact_id: 1, currency: 'USD' });
		await body.fill(JSON.stringify({ contact_id: 1, currency: 'usd' }));
		const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/addContactAccount'));
		await operation.locator('.btn.execute').click();
		expect((await sent).headers()['accept']).toBe('application/json');
		const status = operation.locator('.live-responses-table .response .response-col_status');
		await status.first().waitFor();
		expect((await status.first().textContent())?.trim()).toBe('422');
		expect(await operation.locator('.live-responses-table .microlight').first().textContent()).toContain('"currency"');
	}, 60_000);
});
