/** The browser of the browser tests: Debian's chromium (or CHROMIUM_PATH, or Google Chrome), driven by playwright-core. */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** CHROMIUM_PATH, else Debian's chromium, else Google Chrome (as on GitHub's runners). */
export const CHROMIUM =
	process.env.CHROMIUM_PATH ??
	['/usr/bin/chromium', '/usr/bin/google-chrome'].find((path) => existsSync(path)) ??
	'/usr/bin/chromium';

/** As root and offline: no sandbox, and none of the background calls to Google that a closed network refuses. */
export const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

export const haveChromium = existsSync(CHROMIUM);

/** Keeps what a page asked for and what went wrong in it: console errors and uncaught exceptions. */
export function watchPage(page: Page): { requests: string[]; problems: string[] } {
	const seen = { requests: [] as string[], problems: [] as string[] };
	page.on('request', (request) => seen.requests.push(request.url()));
	page.on('console', (message) => {
		if (message.type() === 'error') seen.problems.push(message.text());
	});
	page.on('pageerror', (error) => seen.problems.push(error.message));
	return seen;
}
