/**
 * A typed client of the admin API (`/admin/v1`) for test suites: provisioning (users, projects, bots,
 * contacts, contact accounts, list records) and the test double (faults, requests, reset). Every typed call expects its
 * success status and throws with the answer otherwise; `request` gives the raw answer for anything else.
 */
import type { z } from 'zod';
import type { contactAccountJson } from '../contract/contact-accounts/outputs';
import type { createContactInput } from '../contract/contacts/inputs';
import type { contactJson } from '../contract/contacts/outputs';
import type { listItemJson } from '../contract/lists/outputs';
import type { LoggedRequest } from '../test-double/request-log';

export type AdminVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw answer is typed by its caller
export interface AdminAnswer<T = any> {
	status: number;
	/** Parsed JSON, or the text ('' for no body). */
	data: T;
	headers: Record<string, unknown>;
}

export interface AdminCall {
	method: AdminVerb;
	url: string;
	headers: Record<string, string>;
	body?: string;
}

/** Sends one call; replaceable so that a test suite can check or record answers. */
export type AdminTransport = (call: AdminCall) => Promise<AdminAnswer>;

export const fetchTransport: AdminTransport = async ({ method, url, headers, body }) => {
	const res = await fetch(url, { method, headers, body });
	const text = await res.text();
	let data: unknown = text;
	try {
		if (text !== '') data = JSON.parse(text);
	} catch {
		// Not JSON: the text is the answer.
	}
	return { status: res.status, data, headers: Object.fromEntries(res.headers) };
};

export interface AdminUser {
	id: string;
	name: string;
	email: string;
	plan: 'pro' | 'free';
	blocked: boolean;
}
export interface AdminProject {
	uuid: string;
	name: string;
	owner_id: string;
}
export interface AdminBot {
	id: number;
	name: string;
	project_uuid: string;
	subscribers_count: number;
}
export type AdminContact = z.output<typeof contactJson>;
export type AdminContactAccount = z.output<typeof contactAccountJson>;
export type AdminListItem = z.output<typeof listItemJson>;
export interface AdminJournalEntry {
	id: string;
	operation: string;
	kind: string;
	amount: number;
	description: string;
	created_at: string;
}

/** What `POST /admin/v1/faults` takes; see the server README, "Faults on purpose". */
export interface FaultInput {
	method?: string;
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
	delay_ms?: number;
	drop?: boolean;
	times?: number;
	probability?: number;
}
export interface AdminFault {
	id: number;
	method: string | null;
	status: number | null;
	body: unknown;
	headers: Record<string, string>;
	delay_ms: number;
	drop: boolean;
	times: number | null;
	probability: number;
	fired: number;
	created_at: string;
}
export type { LoggedRequest };

export class AdminClient {
	constructor(
		readonly baseUrl: string,
		readonly token: string,
		private readonly transport: AdminTransport = fetchTransport,
	) {}

	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw answer is typed by its caller
	request<T = any>(verb: AdminVerb, path: string, body?: unknown, token = this.token): Promise<AdminAnswer<T>> {
		return this.transport({
			method: verb,
			url: `${this.baseUrl}/admin/v1${path}`,
			headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		}) as Promise<AdminAnswer<T>>;
	}

	/** Like `request`, but throws with the answer when the status is not the expected one. */
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw answer is typed by its caller
	async expect<T = any>(status: number, verb: AdminVerb, path: string, body?: unknown): Promise<T> {
		const res = await this.request<T>(verb, path, body);
		if (res.status !== status) {
			throw new Error(`admin ${verb} ${path}: expected ${status}, got ${res.status} ${JSON.stringify(res.data)}`);
		}
		return res.data;
	}

	private async dataOf<T>(status: number, verb: AdminVerb, path: string, body?: unknown): Promise<T> {
		return (await this.expect<{ data: T }>(status, verb, path, body)).data;
	}

	readonly users = {
		create: (input: { name: string; email: string; plan?: 'pro' | 'free' }) =>
			this.dataOf<AdminUser & { api_key: string }>(201, 'POST', '/users', input),
		update: (id: string, changes: { plan?: 'pro' | 'free'; blocked?: boolean }) =>
			this.dataOf<AdminUser>(200, 'PATCH', `/users/${id}`, changes),
		regenerateApiKey: (id: string) => this.dataOf<{ api_key: string }>(200, 'POST', `/users/${id}/api-key`),
	};

	readonly projects = {
		create: (input: { owner_id: string; name: string }) => this.dataOf<AdminProject>(201, 'POST', '/projects', input),
		invite: (uuid: string, userId: string) =>
			this.dataOf<{ project_uuid: string; user_id: string }>(201, 'POST', `/projects/${uuid}/members`, { user_id: userId }),
	};

	readonly bots = {
		create: (input: { project_uuid: string; name: string }) => this.dataOf<AdminBot>(201, 'POST', '/bots', input),
		get: (id: number) => this.dataOf<AdminBot>(200, 'GET', `/bots/${id}`),
		delete: (id: number) => this.expect<''>(204, 'DELETE', `/bots/${id}`).then(() => undefined),
	};

	readonly contacts = {
		create: (input: z.input<typeof createContactInput>) => this.dataOf<AdminContact>(201, 'POST', '/contacts', input),
		delete: (id: number) => this.expect<''>(204, 'DELETE', `/contacts/${id}`).then(() => undefined),
	};

	readonly contactAccounts = {
		block: (id: number) => this.dataOf<AdminContactAccount>(200, 'POST', `/contact-accounts/${id}/block`),
		unblock: (id: number) => this.dataOf<AdminContactAccount>(200, 'POST', `/contact-accounts/${id}/unblock`),
		journal: (id: number) => this.dataOf<AdminJournalEntry[]>(200, 'GET', `/contact-accounts/${id}/journal`),
	};

	/** @deprecated The former name of `contactAccounts`, kept for the tests of other projects that use it. */
	readonly accounts = this.contactAccounts;

	readonly listItems = {
		create: (listId: string, values: Record<string, unknown>) =>
			this.dataOf<AdminListItem>(201, 'POST', `/lists/${listId}/items`, { values }),
		list: (listId: string) => this.dataOf<AdminListItem[]>(200, 'GET', `/lists/${listId}/items`),
	};

	readonly faults = {
		create: (input: FaultInput) => this.dataOf<AdminFault>(201, 'POST', '/faults', input),
		list: () => this.dataOf<AdminFault[]>(200, 'GET', '/faults'),
		delete: (id: number) => this.expect<''>(204, 'DELETE', `/faults/${id}`).then(() => undefined),
		clear: () => this.expect<''>(204, 'DELETE', '/faults').then(() => undefined),
	};

	readonly requests = {
		list: (query: { method?: string; limit?: number } = {}) => {
			const search = new URLSearchParams();
			if (query.method !== undefined) search.set('method', query.method);
			if (query.limit !== undefined) search.set('limit', String(query.limit));
			return this.dataOf<LoggedRequest[]>(200, 'GET', `/requests${search.size > 0 ? `?${search}` : ''}`);
		},
		clear: () => this.expect<''>(204, 'DELETE', '/requests').then(() => undefined),
	};

	/** Brings the data back to the seed (or to empty); faults and the request log stay. */
	reset(): Promise<void> {
		return this.expect<''>(204, 'POST', '/reset').then(() => undefined);
	}
}
