/** getListItems (§12.4): a page of a list's items, filtered and sorted, in the envelope of §4.2. */
import { z } from 'zod';
import {
	DEFAULT_ITEMS_PER_PAGE,
	itemFilters,
	itemOrder,
	MAX_ITEMS_PER_PAGE,
	schemaId,
	valuesObject,
} from '../../contract/list-items/inputs';
import { listItemJson } from '../../contract/list-items/outputs';
import { presentListItem } from '../../contract/list-items/presenter';
import { presentValue } from '../../contract/list-items/values';
import { encodeListItems } from '../../database/list-item-export-encoder';
import { JsonText } from '../../http/ordered-json';
import { itemsPage, ownedListPage, type ItemsPage } from '../../domain/list-items/list-items';
import { findOwnedList } from '../../domain/lists/lists';
import { apiMethod, GET_AND_POST, ok } from '../api-method';
import { pageEnvelope, pageEnvelopeJson } from '../../contract/kit/pagination';
import { integer, text, validate } from '../../contract/kit/validation';
import type { ListDoc } from '../../models/list';
import type { ListItemDoc } from '../../models/list-item';
import { listItemAnswers } from './answers';

const getListItemsInput = z.object({
	schema_id: schemaId(),
	filters: valuesObject()
		.nullish()
		.meta({
			description:
				'Field slug to value; an item matches when every slug equals its value, or one of them when the value is an ' +
				'array. Values are read as the field type; `date` and `datetime` as Unix seconds. In a query string or form: ' +
				'`filters[<slug>]=<value>`.',
		}),
	order_by: text(300)
		.nullish()
		.meta({
			description:
				'A slug, `id`, `created_at` or `updated_at`, optionally followed by `,asc` or `,desc` (default `asc`), e.g. ' +
				'`created_at,desc`. Default: by creation, oldest first.',
		}),
	page: integer({ min: 1 }).nullish().meta({ description: 'The page, from 1; default 1.' }),
	limit: integer({ min: 1, max: MAX_ITEMS_PER_PAGE })
		.nullish()
		.meta({ description: `Items per page, 1 to ${MAX_ITEMS_PER_PAGE}; default ${DEFAULT_ITEMS_PER_PAGE}.` }),
	bot_id: integer({ min: 1 }).nullish().meta({ description: "Only items whose first `bot` field holds this bot's ID." }),
	contact_id: integer({ min: 1 })
		.nullish()
		.meta({ description: "Only items whose first `contact` field holds this contact's ID (the item's `contact_id`)." }),
});

export const getListItems = apiMethod({
	name: 'getListItems',
	verbs: GET_AND_POST,
	summary: "A page of a list's items, filtered by field values and sorted.",
	section: '§12.4',
	input: getListItemsInput,
	example: {
		schema_id: '0123456789abcdef01234567',
		filters: { status: 'paid' },
		order_by: 'created_at,desc',
		page: 1,
		limit: 100,
	},
	success: [
		{
			status: 200,
			when:
				'A page of items in the envelope of §4.2; `links` carry only `page`, so send the other parameters again. ' +
				'The walk is complete when `links.next` is null.',
			body: pageEnvelopeJson(listItemJson),
		},
	],
	refusals: listItemAnswers.for('list_not_found', 'list_forbidden', 'no_such_field'),
	commands: {
		cases: {
			// The key; then the list, its page and the page's count in one aggregate.
			'last page': { count: 2, budget: 3 },
			'full page': { count: 2, budget: 3 },
			// The key; the list (its fields check the filters); then the page and its count in one aggregate.
			'filtered page': { count: 3, budget: 3 },
		},
	},
	async handle({ user, lang, models, methodUrl }, input) {
		const page = input.page ?? 1;
		const limit = input.limit ?? DEFAULT_ITEMS_PER_PAGE;
		const answer = (list: ListDoc, found: ItemsPage) => {
			const envelope = pageEnvelope(found.items, found.total, { page, perPage: limit, path: methodUrl });
			const present = { item: (item: ListItemDoc) => presentListItem(list, item).text.toString(), fileValue: presentValue };
			return ok({ ...envelope, data: new JsonText(encodeListItems(list.fields, found.items, present)) });
		};
		if (input.filters == null && input.order_by == null && input.bot_id == null && input.contact_id == null) {
			// An export's walk, page after page: the list and the page in one command.
			const read = await ownedListPage(models, user, input.schema_id, { page, limit });
			if (!read.ok) throw listItemAnswers.error(lang, read);
			return answer(read.list, read);
		}
		const owned = await findOwnedList(models, user, input.schema_id);
		if (!owned.ok) throw listItemAnswers.error(lang, owned);
		const { list } = owned;
		// Checked against the list's fields by a schema made for the list.
		const { filters, order_by } = validate(
			z.object({ filters: itemFilters(list.fields).nullish(), order_by: itemOrder(list.fields).nullish() }),
			{ filters: input.filters, order_by: input.order_by },
			lang,
		);
		const references = [
			...(input.bot_id ? [{ type: 'bot' as const, id: input.bot_id }] : []),
			...(input.contact_id ? [{ type: 'contact' as const, id: input.contact_id }] : []),
		];
		const found = await itemsPage(models, list, { filter: filters ?? [], references, order: order_by ?? null, page, limit });
		if (!found.ok) throw listItemAnswers.error(lang, found);
		return answer(list, found);
	},
});
