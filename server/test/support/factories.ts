/**
 * Data factories: each test makes its own users, projects and bots through the admin API, with unique
 * names, so tests never depend on each other's data.
 */
import { randomBytes } from 'node:crypto';
import type { AdminClient } from './admin-client';
import { ApiClient } from './api-client';

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

/**
 * A running server the factories make data in: its base URL and its admin API. The in-process test server is
 * one; so is the built server that the real-n8n run starts as a child process.
 */
export interface ServerWithAdmin {
	url: string;
	admin: AdminClient;
}

export interface TestUser {
	id: string;
	email: string;
	apiKey: string;
	api: ApiClient;
}

export async function createUser(
	t: ServerWithAdmin,
	overrides: { plan?: 'pro' | 'free'; name?: string } = {},
): Promise<TestUser> {
	const email = `${unique('user')}@example.com`;
	const { data } = await t.admin.expect(201, 'POST', '/users', { name: overrides.name ?? unique('User'), email, ...overrides });
	return { id: data.id, email, apiKey: data.api_key, api: new ApiClient(t.url, data.api_key) };
}

export interface TestProject {
	uuid: string;
	name: string;
	owner_id: string;
}

export async function createProject(t: ServerWithAdmin, owner: TestUser, name = unique('Project')): Promise<TestProject> {
	const { data } = await t.admin.expect(201, 'POST', '/projects', { owner_id: owner.id, name });
	return data;
}

export interface TestBot {
	id: number;
	name: string;
	project_uuid: string;
}

export async function createBot(t: ServerWithAdmin, project: TestProject, name = unique('Bot')): Promise<TestBot> {
	const { data } = await t.admin.expect(201, 'POST', '/bots', { project_uuid: project.uuid, name });
	return data;
}

/** A user on Pro with one project and one bot: the usual starting point. */
export async function createUserWithBot(t: ServerWithAdmin) {
	const user = await createUser(t);
	const project = await createProject(t, user);
	const bot = await createBot(t, project);
	return { user, project, bot };
}

/** A contact account of the contact in `currency`, opened through the API by the contact's owner (§4.10). */
export async function createContactAccountForTest(owner: TestUser, contact: { id: number }, currency = 'USD') {
	const res = await owner.api.call('addContactAccount', { contact_id: contact.id, currency });
	if (res.status !== 201) throw new Error(`addContactAccount: expected 201, got ${res.status} ${JSON.stringify(res.data)}`);
	return res.data.data as { id: number; currency: string; amount: number; amount_note: string; blocked_at: string | null };
}

/** A contact as every contacts method returns it (§2.4); the per-messenger fields are present for their messenger only. */
export interface ContactJson {
	id: number;
	bot_id: number;
	phone: string | null;
	email: string | null;
	name: string;
	address: string | null;
	messenger: 'telegram' | 'max' | 'viber' | 'vk' | 'web';
	utm: Record<string, string | null> | [];
	avatar: string | null;
	telegram_id?: string;
	telegram_username?: string | null;
	max_user_id?: number;
	max_username?: string | null;
	vk_user_id: number | null;
	viber_id?: string;
	created_at: string;
	unsubscribed_at: string | null;
	tags: string[];
	variables: {
		id: number;
		name: string;
		value: string | null;
		type: number;
		schema_id: unknown;
		deletable: boolean;
		payload: unknown;
	}[];
}

/** A random messenger user ID that fits in 40 bits, unique enough for one test run. */
export const randomMessengerId = () => Number.parseInt(randomBytes(5).toString('hex'), 16) + 1;

const DEFAULT_ID_FIELD = { telegram: 'telegram_id', max: 'max_id', vk: 'vk_id', viber: 'viber_id' } as const;

/**
 * A contact made through `POST /admin/v1/contacts`: Telegram unless `overrides.messenger` says otherwise, with a
 * random ID for its messenger and a unique name. `overrides` may set any field of that endpoint
 * (`created_at`, `is_preview`, `variables`, `tags`, ...).
 */
export async function createContact(
	t: ServerWithAdmin,
	bot: TestBot,
	overrides: Record<string, unknown> = {},
): Promise<ContactJson> {
	const messenger = (overrides.messenger ?? 'telegram') as keyof typeof DEFAULT_ID_FIELD | 'web';
	const id =
		messenger === 'web' ? {} : { [DEFAULT_ID_FIELD[messenger]]: messenger === 'viber' ? unique('viber') : randomMessengerId() };
	const { data } = await t.admin.expect(201, 'POST', '/contacts', {
		bot_id: bot.id,
		messenger,
		name: unique('Contact'),
		...id,
		...overrides,
	});
	return data;
}

/** Invites `member` to `project` as a team member, which gives no API access to it (§1). */
export async function inviteToProject(t: ServerWithAdmin, project: TestProject, member: TestUser): Promise<void> {
	await t.admin.expect(201, 'POST', `/projects/${project.uuid}/members`, { user_id: member.id });
}

export interface TestListField {
	name: string;
	slug: string;
	type: string;
	currency?: string;
	is_required?: boolean;
	is_hidden?: boolean;
	is_encryptable?: boolean;
}

/** A list of the owner's project (or of a bot, recorded on the list), made through createListSchema (§4.5). */
export async function createListForTest(
	owner: TestUser,
	target: { project_uuid: string } | { bot_id: number },
	fields: TestListField[] = [{ name: 'Title', slug: 'title', type: 'string', is_required: false }],
	name = unique('List'),
): Promise<{ id: string; fields: Record<string, unknown>; name: string; bot_id: number | null; project: string }> {
	const res = await owner.api.call('createListSchema', { name, ...target, fields });
	if (res.status !== 201) throw new Error(`createListSchema: expected 201, got ${res.status} ${JSON.stringify(res.data)}`);
	return res.data.data;
}

/** A record of a list, through the admin API (the spec shows no record method). */
export async function createListItemForTest(t: ServerWithAdmin, listId: string, values: Record<string, unknown>) {
	const { data } = await t.admin.expect(201, 'POST', `/lists/${listId}/items`, { values });
	return data as { id: string; list_id: string; values: Record<string, unknown>; created_at: string; updated_at: string };
}
