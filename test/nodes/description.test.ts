/**
 * The node's description as n8n and its community lint see it: every operation has an action, options are
 * sorted, every API method of the spec is reachable, parameters are complete, and the routing matches. Both
 * versions share one description; each version's parameters are checked as the editor shows them to it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { BotPlatformApi } from '../../credentials/BotPlatformApi.credentials';
import { BotPlatform } from '../../nodes/BotPlatform/BotPlatform.node';
import { BotPlatformTrigger } from '../../nodes/BotPlatform/BotPlatformTrigger.node';
import { currencyOptions } from '../../nodes/BotPlatform/helpers/currencies';
import { findOperation, resources } from '../../nodes/BotPlatform/actions/router';
import { DEFAULT_VERSION } from '../../nodes/BotPlatform/actions/versionDescription';
import { SIMPLIFIED_CONTACT_FIELDS } from '../../nodes/BotPlatform/actions/contact/output';

const description: INodeTypeDescription = new BotPlatform().description;

/** Whether a `@version` display condition lets `version` through (the forms `helpers/display-options.ts` writes). */
function versionShows(condition: unknown, version: number): boolean {
	if (typeof condition === 'number') return condition === version;
	const gte = (condition as { _cnd?: { gte?: number } })._cnd?.gte;
	if (gte === undefined) throw new Error(`unexpected @version condition ${JSON.stringify(condition)}`);
	return version >= gte;
}

/** The top-level properties the editor shows to a node of `version`. */
const propertiesOf = (version: number) =>
	description.properties.filter((property) => {
		const conditions = property.displayOptions?.show?.['@version'];
		return conditions === undefined || conditions.some((condition) => versionShows(condition, version));
	});
const sortedByName = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));

/** Every property, including those inside collections and fixed collections. */
function allProperties(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const nested = (property.options ?? []).flatMap((option) => {
			if ('values' in option) return allProperties((option as INodePropertyCollection).values);
			if ('type' in option) return allProperties([option as INodeProperties]);
			return [];
		});
		return [property, ...nested];
	});
}

/** What new nodes show (the default version). */
const operationProperties = propertiesOf(DEFAULT_VERSION).filter((p) => p.name === 'operation');
const resourceValuesOf = (version: number) =>
	(propertiesOf(version).find((p) => p.name === 'resource')?.options as INodePropertyOptions[]).map((o) => o.value);
const resourceValues = resourceValuesOf(DEFAULT_VERSION);

describe('resources and operations', () => {
	test('one operation selector per resource, each with noDataExpression', () => {
		expect(operationProperties.map((p) => p.displayOptions?.show?.resource)).toEqual(resourceValues.map((value) => [value]));
		for (const property of operationProperties) expect(property.noDataExpression).toBe(true);
	});

	test('every operation has an action label in sentence case and a description', () => {
		for (const property of operationProperties) {
			for (const option of property.options as INodePropertyOptions[]) {
				expect(option.action).toMatch(/^[A-Z][a-z]/);
				expect(option.action).not.toMatch(/\s[A-Z]/); // sentence case: "Get many contacts"
				expect(option.description?.length).toBeGreaterThan(10);
			}
		}
	});

	test('no two operations are for the same API method', () => {
		const methods = Object.values(resources).flatMap((operations) =>
			Object.values(operations).map((operation) => operation.method.name),
		);
		expect(new Set(methods).size).toBe(methods.length);
	});

	test('every operation in the UI routes to an implementation, and every implementation is in the UI', () => {
		let routed = 0;
		for (const property of operationProperties) {
			const resource = property.displayOptions!.show!.resource![0] as string;
			for (const option of property.options as INodePropertyOptions[]) {
				expect(findOperation(resource, String(option.value))).toBeDefined();
				routed++;
			}
		}
		expect(routed).toBe(Object.values(resources).reduce((sum, operations) => sum + Object.keys(operations).length, 0));
		expect(findOperation('contact', 'nope')).toBeUndefined();
		expect(findOperation('toString', 'call')).toBeUndefined();
	});

	test('each operation lives in actions/<resource>/<operation value>.operation.ts, and nothing else does', () => {
		const actions = path.join(__dirname, '../../nodes/BotPlatform/actions');
		const expected = Object.entries(resources).flatMap(([resource, operations]) =>
			Object.keys(operations).map((operation) => `${resource}/${operation}.operation.ts`),
		);
		const present = fs
			.readdirSync(actions, { recursive: true, encoding: 'utf8' })
			.filter((file) => file.endsWith('.operation.ts'))
			.map((file) => file.split(path.sep).join('/'));
		expect(sortedByName(present)).toEqual(sortedByName(expected));
	});
});

describe.each([1, 2, 3, 3.1])('version %d: options and fields follow n8n conventions', (version) => {
	const properties = allProperties(propertiesOf(version));

	test('all static options are sorted alphabetically by name', () => {
		for (const property of properties.filter((p) => p.type === 'options' || p.type === 'multiOptions')) {
			if (!property.options) continue;
			const names = (property.options as INodePropertyOptions[]).map((o) => o.name);
			expect({ property: property.name, names }).toEqual({ property: property.name, names: sortedByName(names) });
		}
	});

	test('items of "Additional Fields", "Filters" and "Options" collections are sorted by display name', () => {
		for (const collection of propertiesOf(version).filter((p) => p.type === 'collection')) {
			const names = (collection.options as INodeProperties[]).map((o) => o.displayName);
			expect({ collection: collection.name, names }).toEqual({ collection: collection.name, names: sortedByName(names) });
		}
	});

	test('booleans say "Whether", Return All and Limit use the standard wording', () => {
		for (const property of properties.filter((p) => p.type === 'boolean')) expect(property.description).toMatch(/^Whether /);
		for (const property of properties.filter((p) => p.name === 'limit')) {
			expect(property.description).toBe('Max number of results to return');
			expect(property.default).toBe(50);
			expect(property.typeOptions?.minValue).toBe(1);
			expect(property.displayOptions?.show?.returnAll).toEqual([false]);
		}
	});

	test('hints stay short (n8n lint: at most 120 characters); descriptions are trimmed', () => {
		for (const property of properties) {
			if (property.hint)
				expect({ name: property.name, short: property.hint.length <= 120 }).toEqual({ name: property.name, short: true });
			if (property.description) expect(property.description).toBe(property.description.trim());
		}
	});

	test('every Get Many that pages has Return All and Limit (contact accounts come all at once: only version 1 had them)', () => {
		const resourcesWithLimit = version === 1 ? ['contact', 'contactAccount', 'list'] : ['contact', 'list'];
		for (const resource of ['contact', 'contactAccount', 'list']) {
			const shown = propertiesOf(version).filter((p) => {
				const show = p.displayOptions?.show;
				return show?.resource?.includes(resource) && show?.operation?.includes('getAll');
			});
			const names = shown.map((p) => p.name);
			if (resourcesWithLimit.includes(resource)) expect(names).toEqual(expect.arrayContaining(['returnAll', 'limit']));
			else expect(names).not.toEqual(expect.arrayContaining(['returnAll']));
		}
	});

	test('every operation offers the rate-limit option', () => {
		// The resources this version offers (List Item from 3.1 on).
		const offered = (resource: string) =>
			propertiesOf(version).some((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource));
		for (const [resource, operations] of Object.entries(resources)) {
			if (resource !== 'user' && !offered(resource)) continue;
			for (const name of Object.keys(operations)) {
				const options = propertiesOf(version).find(
					(p) =>
						p.name === 'options' &&
						p.displayOptions?.show?.resource?.includes(resource) &&
						p.displayOptions?.show?.operation?.includes(name),
				);
				expect({ resource, name, found: options !== undefined }).toEqual({ resource, name, found: true });
			}
		}
	});

	test('a required parameter is never inside a collection; collections hold only optional ones', () => {
		for (const collection of propertiesOf(version).filter((p) => p.type === 'collection')) {
			for (const option of collection.options as INodeProperties[])
				expect({ name: option.name, required: option.required }).not.toEqual({ name: option.name, required: true });
		}
	});

	test('messenger-specific fields appear only for their messenger', () => {
		const upsert = propertiesOf(version).filter((p) => p.displayOptions?.show?.operation?.includes('upsert'));
		const byName = (name: string) => upsert.find((p) => p.name === name)!;
		expect(byName('telegramId').displayOptions?.show?.messenger).toEqual(['telegram']);
		expect(byName('maxId').displayOptions?.show?.messenger).toEqual(['max']);
		expect(byName('vkId').displayOptions?.show?.messenger).toEqual(['vk']);
		expect(byName('viberId').displayOptions?.show?.messenger).toEqual(['viber']);
		const extra = byName('additionalFields').options as INodeProperties[];
		const [telegram, max] = version === 1 ? ['telegram_username', 'max_username'] : ['telegramUsername', 'maxUsername'];
		expect(extra.find((p) => p.name === telegram)?.displayOptions?.show?.['/messenger']).toEqual(['telegram']);
		expect(extra.find((p) => p.name === max)?.displayOptions?.show?.['/messenger']).toEqual(['max']);
	});

	test('list fields are an ordered, repeatable fixedCollection with currency only for money', () => {
		const fields = propertiesOf(version).find((p) => p.name === 'fields' && p.displayOptions?.show?.resource?.includes('list'))!;
		expect(fields.type).toBe('fixedCollection');
		expect(fields.typeOptions).toMatchObject({ multipleValues: true, sortable: true });
		const values = (fields.options as INodePropertyCollection[])[0].values;
		const flags = version === 1 ? ['is_required', 'is_hidden', 'is_encryptable'] : ['isRequired', 'isHidden', 'isEncryptable'];
		expect(values.map((v) => v.name)).toEqual(['name', 'slug', 'type', 'currency', ...flags]);
		expect(values.find((v) => v.name === 'currency')?.displayOptions?.show?.type).toEqual(['money']);
		expect(values.find((v) => v.name === flags[0])?.default).toBe(true);
	});

	test('lists are picked with a searchable resource locator, fields from the chosen list', () => {
		const locators = propertiesOf(version).filter((p) => p.name === 'list');
		// get, delete, add field, delete field; from 3.1, List Item's Get Many, Add and Update (for its field mapper)
		expect(locators.length).toBe(version >= 3.1 ? 7 : 4);
		for (const locator of locators) {
			expect(locator.type).toBe('resourceLocator');
			expect(locator.modes?.map((m) => m.name)).toEqual(['list', 'id']);
			expect(locator.modes?.[0].typeOptions).toMatchObject({ searchListMethod: 'searchLists', searchable: true });
		}
		const fieldSlug = propertiesOf(version).find((p) => p.name === 'fieldSlug' && p.type === 'options')!;
		expect(fieldSlug.typeOptions).toEqual({ loadOptionsMethod: 'getListFields', loadOptionsDependsOn: ['list.value'] });
		const methods = new BotPlatform().methods;
		expect(Object.keys(methods.listSearch).sort()).toEqual([
			'searchBotTags',
			'searchBots',
			'searchContactAccounts',
			'searchContactTags',
			'searchContacts',
			'searchLists',
		]);
		expect(Object.keys(methods.loadOptions).sort()).toEqual(['getContactAccounts', 'getListFields']);
		expect(Object.keys(methods.resourceMapping)).toEqual(['getListItemFields']);
	});
});

describe('version 2: what changed for workflow builders (version 1 keeps what it was saved with)', () => {
	const v1 = allProperties(propertiesOf(1));
	const v2 = allProperties(propertiesOf(2));
	const forOperation = (version: number, resource: string, operation: string) =>
		propertiesOf(version).filter(
			(p) => p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation),
		);

	test('the node offers versions 1 to 3 and 3.1; new nodes get 3.1', () => {
		expect(description.version).toEqual([1, 2, 3, 3.1]);
		expect(description.defaultVersion).toBe(3.1);
	});

	test('one naming style: every parameter name is camelCase (version 1 had is_required, telegram_username, ...)', () => {
		for (const property of v2) expect(property.name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
		expect(v1.map((property) => property.name)).toEqual(expect.arrayContaining(['is_required', 'telegram_username', 'is_menu']));
	});

	test('no ID defaults to 0: IDs are text that starts empty, with a placeholder', () => {
		const ids = v2.filter((property) => ['botId', 'contactId', 'accountId'].includes(property.name));
		expect(ids.length).toBeGreaterThanOrEqual(10);
		for (const id of ids) expect(id).toMatchObject({ type: 'string', default: '', placeholder: 'e.g. 1042' });
		// Required wherever an operation needs the ID; only the Bot ID filter is optional (empty means all bots).
		expect(ids.filter((id) => id.required !== true).map((id) => id.name)).toEqual(['botId', 'botId']);
		for (const id of v1.filter((property) => ['botId', 'contactId', 'accountId'].includes(property.name)))
			expect(id).toMatchObject({ type: 'number', default: 0 });
	});

	test('currencies are dropdowns: ISO 4217 codes, or the contact’s accounts where an account is meant', () => {
		const currencies = v2.filter((property) => ['currency', 'fieldCurrency'].includes(property.name));
		expect(currencies.length).toBe(6); // create account, list create, add field, and 3 account choices
		for (const currency of currencies) {
			expect(currency.type).toBe('options');
			if (currency.typeOptions?.loadOptionsMethod) {
				expect(currency.typeOptions).toEqual({ loadOptionsMethod: 'getContactAccounts', loadOptionsDependsOn: ['contactId'] });
			} else {
				expect(currency.options).toBe(currencyOptions);
			}
		}
	});

	test('add funds, withdraw funds and delete find the account by contact and currency, or by ID', () => {
		for (const operation of ['addFunds', 'withdrawFunds', 'delete']) {
			const accountBy = forOperation(2, 'contactAccount', operation).find((p) => p.name === 'accountBy')!;
			expect(accountBy.default).toBe('contactAndCurrency');
			expect((accountBy.options as INodePropertyOptions[]).map((o) => o.value)).toEqual(['contactAndCurrency', 'id']);
		}
		const amountUnit = forOperation(2, 'contactAccount', 'addFunds').find((p) => p.name === 'amountUnit')!;
		expect(amountUnit.default).toBe('major');
		expect(forOperation(1, 'contactAccount', 'addFunds').find((p) => p.name === 'amountUnit')?.default).toBe('minor');
	});

	test('tags: an empty value leaves them unchanged, clearing them is its own choice, and the hint says so', () => {
		const extra = forOperation(2, 'contact', 'upsert').find((p) => p.name === 'additionalFields')!.options as INodeProperties[];
		expect(extra.find((p) => p.name === 'tags')?.hint).toMatch(/Empty leaves the tags unchanged/);
		expect(extra.find((p) => p.name === 'clearTags')).toMatchObject({ type: 'boolean', default: false });
	});

	test('the outdated menu flag is gone from List Create', () => {
		expect(forOperation(2, 'list', 'create').map((p) => p.name)).not.toContain('additionalFields');
		expect(v2.map((p) => p.name)).not.toContain('isMenu');
	});
});

describe('version 3: pickers open on "From List", contacts come simplified (versions 1 and 2 keep theirs)', () => {
	const v3 = allProperties(propertiesOf(3));
	const shownFor = (version: number, resource: string, operation: string) =>
		allProperties(
			propertiesOf(version).filter(
				(p) => p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation),
			),
		);

	test('every bot, contact, contact account and list is a resource locator whose default mode is the list', () => {
		const pickers = v3.filter((p) => ['botId', 'contactId', 'account', 'list'].includes(p.name));
		// bot: Get Many and Count filters, Create or Update, List Create, Tag Get Many; contact: Create, Get Many and the 3
		// account operations, the 3 other tag operations and the 3 contact variable operations; account: the 3; list: 4 (List Item's Get Many
		// and Add add 2 from 3.1).
		expect(pickers.map((p) => p.name).sort()).toEqual(
			[...Array(5).fill('botId'), ...Array(11).fill('contactId'), ...Array(3).fill('account'), ...Array(4).fill('list')].sort(),
		);
		for (const picker of pickers) {
			expect(picker.type).toBe('resourceLocator');
			expect(picker.default).toEqual({ mode: 'list', value: '' });
			expect(picker.modes?.[0]).toMatchObject({ name: 'list', typeOptions: { searchable: true } });
		}
		const methods = Object.keys(new BotPlatform().methods.listSearch);
		for (const picker of pickers) expect(methods).toContain(picker.modes?.[0].typeOptions?.searchListMethod);
		// Versions 1 and 2 keep their ID fields.
		for (const version of [1, 2]) {
			const ids = allProperties(propertiesOf(version)).filter((p) => ['botId', 'contactId', 'accountId'].includes(p.name));
			for (const id of ids) expect(id.type).not.toBe('resourceLocator');
		}
	});

	test('the operations that return contacts offer Output: Simplified (default, at most 10 fields), Raw, Selected Fields', () => {
		for (const operation of ['getAll', 'upsert']) {
			const output = shownFor(3, 'contact', operation).find((p) => p.name === 'output')!;
			expect(output).toMatchObject({ type: 'options', default: 'simplified' });
			expect((output.options as INodePropertyOptions[]).map((o) => o.value)).toEqual(['raw', 'fields', 'simplified']);
			const fields = shownFor(3, 'contact', operation).find((p) => p.name === 'fields')!;
			expect(fields).toMatchObject({ type: 'multiOptions', displayOptions: { show: { output: ['fields'] } } });
			expect((fields.options as INodePropertyOptions[]).length).toBe(19);
			for (const version of [1, 2]) expect(shownFor(version, 'contact', operation).map((p) => p.name)).not.toContain('output');
		}
		expect(SIMPLIFIED_CONTACT_FIELDS.length).toBeLessThanOrEqual(10);
	});
});

describe('version 3.1: the key holder is the User resource (versions 1 to 3 keep the value they saved, `account`)', () => {
	test.each([1, 2, 3])('version %d offers the value `account`, shown as User, with the same operation', (version) => {
		expect(resourceValuesOf(version)).toEqual(['contact', 'contactAccount', 'contactVariable', 'list', 'tag', 'account']);
		const selectors = propertiesOf(version).filter((p) => p.name === 'operation');
		expect(sortedByName(selectors.map((p) => String(p.displayOptions?.show?.resource?.[0])))).toEqual(
			sortedByName(resourceValuesOf(version).map(String)),
		);
		const options = propertiesOf(version).find((p) => p.name === 'resource')!.options as INodePropertyOptions[];
		expect(options.find((o) => o.value === 'account')?.name).toBe('User');
		expect(findOperation('account', 'getCurrent')).toBe(resources.user.getCurrent);
	});

	test('version 3.1 offers `user` and no `account`, and the List Item resource (versions 1 to 3 do not)', () => {
		expect(resourceValuesOf(3.1)).toEqual(['contact', 'contactAccount', 'contactVariable', 'list', 'listItem', 'tag', 'user']);
		expect(propertiesOf(3.1).filter((p) => p.displayOptions?.show?.resource?.includes('account'))).toEqual([
			expect.objectContaining({ name: 'options' }), // Get Current's options, shown for both values
		]);
	});
});

describe('version 3.1: a tag is picked from a list, by name or by ID (versions 1 to 3 keep Tag, Tag Name and Tag ID)', () => {
	const shownFor = (version: number, operation: string) =>
		propertiesOf(version).filter(
			(p) => p.displayOptions?.show?.resource?.includes('tag') && p.displayOptions?.show?.operation?.includes(operation),
		);

	test.each([
		['addToContact', 'searchBotTags', ['botId', 'contactId', 'tag', 'options']],
		['removeFromContact', 'searchContactTags', ['contactId', 'tag', 'options']],
	])('%s: one Tag picker listing with %s', (operation, method, names) => {
		const shown = shownFor(3.1, operation);
		expect(shown.map((p) => p.name)).toEqual(names);
		const picker = shown.find((p) => p.name === 'tag')!;
		expect(picker).toMatchObject({ type: 'resourceLocator', required: true, default: { mode: 'list', value: '' } });
		expect(picker.modes?.map((m) => m.name)).toEqual(['list', 'name', 'id']);
		expect(picker.modes?.[0].typeOptions).toEqual({ searchListMethod: method, searchable: true });
		// Add's Bot only fills the Tag list: the API takes no bot, so it is optional.
		expect(shown.find((p) => p.name === 'botId')?.required ?? false).toBe(false);
		for (const version of [1, 2, 3]) {
			expect(shownFor(version, operation).map((p) => p.name)).toEqual(['contactId', 'tagBy', 'tagName', 'tagId', 'options']);
		}
	});
});

describe('the trigger', () => {
	const trigger = new BotPlatformTrigger().description;
	const shownIn = (version: number) =>
		trigger.properties.filter((property) => {
			const conditions = property.displayOptions?.show?.['@version'];
			return conditions === undefined || conditions.some((condition) => versionShows(condition, version));
		});

	test('version 2 makes "all bots" an explicit choice and requires the ID of one bot; version 1 keeps its option', () => {
		expect(trigger.version).toEqual([1, 2, 3]);
		expect(trigger.defaultVersion).toBe(3);
		const v2 = shownIn(2);
		const bots = v2.find((p) => p.name === 'bots')!;
		expect((bots.options as INodePropertyOptions[]).map((o) => [o.name, o.value])).toEqual([
			['All Bots', 'all'],
			['One Bot', 'one'],
		]);
		expect(v2.find((p) => p.name === 'botId')).toMatchObject({
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { bots: ['one'] } },
		});
		const v2Options = v2.find((p) => p.name === 'options')!.options as INodeProperties[];
		expect(v2Options.map((o) => o.name)).toEqual(['emitExistingOnFirstRun']);
		const v1Options = shownIn(1).find((p) => p.name === 'options')!.options as INodeProperties[];
		expect(v1Options.map((o) => [o.name, o.default])).toEqual([
			['botId', 0],
			['emitExistingOnFirstRun', false],
		]);
		for (const version of [1, 2]) expect(shownIn(version).map((p) => p.name)).not.toContain('output');
	});

	test('version 3 picks the one bot from a list and emits contacts as Output says, Simplified by default', () => {
		const v3 = shownIn(3);
		expect(v3.find((p) => p.name === 'botId')).toMatchObject({
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
			displayOptions: { show: { bots: ['one'] } },
		});
		expect(v3.find((p) => p.name === 'botId')?.modes?.[0].typeOptions?.searchListMethod).toBe('searchBots');
		expect(Object.keys(new BotPlatformTrigger().methods.listSearch)).toEqual(['searchBots', 'searchLists']);
		expect(v3.find((p) => p.name === 'output')).toMatchObject({ type: 'options', default: 'simplified' });
	});

	test('version 3 adds the New List Item event with a list picker; New Contact stays the default, versions 1 and 2 keep only it', () => {
		const events = (version: number) => {
			const event = shownIn(version).find((p) => p.name === 'event')!;
			return { default: event.default, values: (event.options as INodePropertyOptions[]).map((o) => o.value) };
		};
		for (const version of [1, 2]) expect(events(version)).toEqual({ default: 'newContact', values: ['newContact'] });
		expect(events(3)).toEqual({ default: 'newContact', values: ['newContact', 'newListItem'] });
		const list = shownIn(3).find((p) => p.name === 'list')!;
		expect(list).toMatchObject({ type: 'resourceLocator', required: true, displayOptions: { show: { event: ['newListItem'] } } });
		expect(list.modes?.[0].typeOptions?.searchListMethod).toBe('searchLists');
		// The contacts' parameters are not shown for the list event.
		for (const name of ['bots', 'botId', 'output']) {
			expect(shownIn(3).find((p) => p.name === name)?.displayOptions?.show?.event).toEqual(['newContact']);
		}
	});
});

describe('node and credential metadata', () => {
	test('usable as a tool, with a description written for agents', () => {
		expect(description.usableAsTool).toEqual({ replacements: { description: expect.stringContaining('minor units') } });
		expect(description.credentials).toEqual([{ name: 'botPlatformApi', required: true }]);
		expect(description.subtitle).toContain('$parameter["operation"]');
		expect(description.icon).toEqual({ light: 'file:botPlatform.svg', dark: 'file:botPlatform.dark.svg' });
	});

	test('the credential: password key, a required base URL without a default address, SSL option, bearer auth and a getMe test with rules', () => {
		const credential = new BotPlatformApi();
		const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
		expect(byName.apiKey.typeOptions?.password).toBe(true);
		expect(byName.baseUrl).toMatchObject({ default: '', required: true, placeholder: expect.stringMatching(/^e\.g\. https:/) });
		expect(byName.baseUrl.hint).toMatch(/\/api\/v1 is ignored/);
		expect(byName.ignoreSslIssues.type).toBe('boolean');
		expect(credential.authenticate.properties.headers?.Authorization).toBe('=Bearer {{$credentials.apiKey}}');
		expect(credential.test.request.url).toBe('/getMe');
		expect((credential.test.rules ?? []).map((r) => (r.properties as { value: number }).value)).toEqual([401, 402, 403, 404]);
	});
});
