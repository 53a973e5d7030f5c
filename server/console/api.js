// The console's one way to the server: the admin routes at /console/api, with the session cookie (sent by the
// browser, unreadable here) and the session's CSRF token on every change.
import { h } from './vendor/preact.mjs';
import htm from './vendor/htm.mjs';

export const html = htm.bind(h);
export const base = document.getElementById('app').dataset.base;

let csrfToken = '';
let polling = false;

/** Runs `tick` as a timed refresh: its calls say so, and do not keep an idle session alive. */
export function asPoll(tick) {
	polling = true;
	try {
		tick();
	} finally {
		polling = false;
	}
}

export class Failure extends Error {
	constructor(status, body) {
		const fields = body && body.errors ? Object.entries(body.errors).map(([key, texts]) => `${key}: ${texts.join(' ')}`) : [];
		super([(body && (body.error || body.message)) || `The server answered ${status}.`, ...fields].join(' '));
		this.status = status;
	}
}

function signInAgain() {
	window.location.assign(`${base}/console/sign-in`);
	return new Failure(401, { error: 'The session has ended: sign in again.' });
}

async function send(method, url, body) {
	const headers = { Accept: 'application/json' };
	if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
	// Read before the first await: `asPoll` marks only the calls its tick starts.
	if (polling) headers['X-Console-Poll'] = '1';
	if (body !== undefined) headers['Content-Type'] = 'application/json';
	const res = await fetch(url, {
		method,
		headers,
		body: body === undefined ? undefined : JSON.stringify(body),
		credentials: 'same-origin',
	});
	if (res.status === 401) throw signInAgain();
	if (res.status === 204) return null;
	const data = await res.json().catch(() => null);
	if (!res.ok) throw new Failure(res.status, data);
	return data;
}

/** The session's facts, the CSRF token among them (kept in this module's memory only). */
export async function openSession() {
	const { data } = await send('GET', `${base}/console/session`);
	csrfToken = data.csrf_token;
	return data;
}

export const signOut = () => send('POST', `${base}/console/sign-out`);

/** An admin route, by its path under /admin/v1; `query` leaves out empty values. */
export function api(method, path, { query, body } = {}) {
	const search = new URLSearchParams();
	for (const [key, value] of Object.entries(query || {})) {
		if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
	}
	const text = search.toString();
	return send(method, `${base}/console/api${path}${text ? `?${text}` : ''}`, body);
}

export const exportUrl = (format) => `${base}/console/api/audit/export?format=${format}`;
