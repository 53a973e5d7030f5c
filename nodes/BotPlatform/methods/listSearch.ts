/**
 * List search for the resource locators: lists (all versions), from version 3 bots, contacts and contact accounts,
 * from 3.1 tags. The API has no name filter, so each call reads pages (from the pagination token on) until it has
 * matches to show or the records run out, at most a few pages per call; the token lets n8n ask for more.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { apiRequest, CONTACTS_MAX_BATCH, listSchemaPages, type ApiMethod, type ApiResult } from '../transport';
import { getContacts } from '../actions/contact/getAll.operation';
import { getListSchemas } from '../actions/list/getAll.operation';
import { getBotTags } from '../actions/tag/getAll.operation';
import { getContactTags } from '../actions/tag/getAllOfContact.operation';
import { accountOption, accountsOfContact, UI_MAX_WAIT_SECONDS } from './shared';

const PAGES_PER_CALL = 5;
const MIN_MATCHES = 10;

export async function searchLists(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const needle = filter?.trim().toLowerCase() ?? '';
	const firstPage = Math.max(1, Number(paginationToken) || 1);
	const results: INodeListSearchItems[] = [];
	let pagesRead = 0;
	// Lists come in fixed pages of 50.
	for await (const { lists, nextPage } of listSchemaPages.call(this, getListSchemas, firstPage, {
		maxWaitSeconds: UI_MAX_WAIT_SECONDS,
	})) {
		pagesRead++;
		for (const list of lists) {
			const name = String(list.name ?? '');
			const id = String(list.id ?? '');
			if (needle === '' || name.toLowerCase().includes(needle) || id === needle) results.push({ name, value: id });
		}
		if (nextPage === undefined) return { results };
		// Without a filter one page is a screenful; with one, keep reading until there is something to show.
		const enough = needle === '' || results.length >= MIN_MATCHES || pagesRead >= PAGES_PER_CALL;
		if (enough) return { results, paginationToken: String(nextPage) };
	}
	return { results };
}

/** Contacts per request when searching; the list shows a screenful at a time. */
const CONTACTS_PER_SEARCH_PAGE = 200;

interface ContactsPage {
	data?: IDataObject[];
}

/**
 * The ID chosen in another picker of the node, or undefined while it is empty, an expression, or not a parameter of
 * the operation. Read raw: n8n's `extractValue` throws for a parameter the operation does not show.
 */
function pickedId(this: ILoadOptionsFunctions, name: string): number | undefined {
	const picked = this.getCurrentNodeParameter(name) as unknown;
	const value = picked !== null && typeof picked === 'object' ? (picked as { value?: unknown }).value : picked;
	const raw = String(value ?? '').trim();
	return /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined;
}

/** Up to `pages` batches of contacts from `offset` on (ascending ID); `nextOffset` is undefined after the last. */
async function contactsFrom(
	this: ILoadOptionsFunctions,
	offset: number,
	pages: number,
	batchSize: number,
	onBatch: (contacts: IDataObject[]) => boolean,
	botId?: number,
): Promise<number | undefined> {
	let next = offset;
	for (let read = 0; read < pages; read++) {
		const { body } = (await apiRequest.call(
			this,
			getContacts,
			{ offset: next, limit: batchSize, ...(botId !== undefined && { bot_id: botId }) },
			{ maxWaitSeconds: UI_MAX_WAIT_SECONDS },
		)) as ApiResult<ContactsPage>;
		const batch = Array.isArray(body?.data) ? body.data : [];
		next += batch.length;
		const enough = onBatch(batch);
		if (batch.length < batchSize) return undefined;
		if (enough) return next;
	}
	return next;
}

/** The contact picker: name, phone, email or ID; "Ann Lee (#1042)"; only the bot's when a Bot is chosen above it. */
export async function searchContacts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const needle = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	const matches = (contact: IDataObject) =>
		needle === '' ||
		String(contact.id) === needle ||
		[contact.name, contact.email, contact.phone].some((text) =>
			String(text ?? '')
				.toLowerCase()
				.includes(needle),
		);
	const nextOffset = await contactsFrom.call(
		this,
		Math.max(0, Number(paginationToken) || 0),
		needle === '' ? 1 : PAGES_PER_CALL,
		CONTACTS_PER_SEARCH_PAGE,
		(batch) => {
			for (const contact of batch.filter(matches)) {
				results.push({ name: `${String(contact.name ?? '')} (#${String(contact.id)})`, value: String(contact.id) });
			}
			return needle === '' || results.length >= MIN_MATCHES;
		},
		pickedId.call(this, 'botId'),
	);
	return { results, ...(nextOffset !== undefined && { paginationToken: String(nextOffset) }) };
}

/**
 * The bot picker. The API has no method that lists bots (spec §4), so the list holds the bots that the key
 * holder's lists and contacts name: lists first, then contacts in batches of 1000 (a few per call, the token
 * carries on), each bot once.
 */
export async function searchBots(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const needle = filter?.trim() ?? '';
	const token = JSON.parse(paginationToken || '{"offset":0,"seen":[]}') as { offset: number; seen: number[]; lists?: true };
	const seen = new Set(token.seen);
	const found: number[] = [];
	const take = (botId: unknown) => {
		if (typeof botId !== 'number' || seen.has(botId)) return;
		seen.add(botId);
		found.push(botId);
	};
	if (!token.lists) {
		for await (const { lists } of listSchemaPages.call(this, getListSchemas, 1, { maxWaitSeconds: UI_MAX_WAIT_SECONDS })) {
			for (const list of lists) take(list.bot_id);
		}
	}
	const nextOffset = await contactsFrom.call(this, token.offset, PAGES_PER_CALL, CONTACTS_MAX_BATCH, (batch) => {
		for (const contact of batch) take(contact.bot_id);
		return found.length > 0;
	});
	const results = found
		.filter((botId) => needle === '' || String(botId).includes(needle))
		.map((botId) => ({ name: `Bot ${botId}`, value: String(botId) }));
	if (nextOffset === undefined) return { results };
	return { results, paginationToken: JSON.stringify({ offset: nextOffset, seen: [...seen], lists: true }) };
}

/** The account picker: the accounts of the contact chosen above it, "EUR - balance 12.50 EUR", by account ID. */
export async function searchContactAccounts(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const contactId = pickedId.call(this, 'contactId');
	// No contact yet, or an expression that only has a value when the workflow runs.
	if (contactId === undefined) return { results: [] };
	const needle = filter?.trim().toUpperCase() ?? '';
	const accounts = await accountsOfContact.call(this, contactId);
	return { results: accounts.filter((account) => String(account.currency).toUpperCase().includes(needle)).map(accountOption) };
}

/** Tag names as picker entries whose value is the name (the read methods give no IDs, spec §10.3), filtered. */
async function tagsFrom(
	this: ILoadOptionsFunctions,
	method: ApiMethod,
	params: IDataObject,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { body } = (await apiRequest.call(this, method, params, { maxWaitSeconds: UI_MAX_WAIT_SECONDS })) as ApiResult<{
		data?: unknown[];
	}>;
	const needle = filter?.trim().toLowerCase() ?? '';
	const names = (Array.isArray(body?.data) ? body.data : []).map(String);
	return { results: names.filter((name) => name.toLowerCase().includes(needle)).map((name) => ({ name, value: name })) };
}

/** The tag picker of Add to Contact: the tags of the Bot chosen above it, in the order they were made. */
export async function searchBotTags(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const botId = pickedId.call(this, 'botId');
	return botId === undefined ? { results: [] } : await tagsFrom.call(this, getBotTags, { bot_id: botId }, filter);
}

/** The tag picker of Remove From Contact: the tags the chosen contact has. */
export async function searchContactTags(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const contactId = pickedId.call(this, 'contactId');
	return contactId === undefined ? { results: [] } : await tagsFrom.call(this, getContactTags, { contact_id: contactId }, filter);
}
