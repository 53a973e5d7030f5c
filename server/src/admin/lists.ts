/**
 * Records of lists. The spec shows no record method, yet states what deleting a list or a field does to
 * records (§3, §4.6, §4.8); these routes make records real so those effects exist and can be checked.
 */
import { z } from 'zod';
import { listItemValues } from '../contract/lists/inputs';
import { listItemJson } from '../contract/lists/outputs';
import { presentListItem } from '../contract/lists/presenter';
import { withLiveFields } from '../domain/lists/lists';
import { dataOf, errorBody, validationBody } from '../http/answers';
import { ApiError } from '../http/errors';
import { validate } from '../contract/kit/validation';
import type { Models } from '../models';
import type { ListDoc } from '../models/list';
import type { ListItemDoc } from '../models/list-item';
import { FIELD_TYPES } from '../models/list';
import { pageFrom, pageOf, pageQuery, readPage } from './paging';
import { objectIdParam } from './params';
import { adminRoute } from './route';

const listPath = { id: objectIdParam('List') };

const listNotFound = { status: 404, when: 'No such list.', body: errorBody };

async function findList(models: Models, id: ListDoc['_id']) {
	const list = await models.lists.findById(id, { fields: 1 }).lean<Pick<ListDoc, '_id' | 'fields'>>();
	if (!list) throw new ApiError(404, { error: 'List not found.' });
	// A field being deleted takes no more values.
	return withLiveFields(list);
}

/** A list's schema for the console: fields as an array in their order (slugs may look like integers). */
const adminListJson = z
	.object({
		id: z.string(),
		name: z.string(),
		project_uuid: z.string(),
		bot_id: z.int().nullable(),
		fields: z.array(
			z.object({
				slug: z.string(),
				name: z.string(),
				type: z.enum(FIELD_TYPES),
				currency: z.string().nullable(),
				is_required: z.boolean(),
				is_hidden: z.boolean(),
				is_encryptable: z.boolean(),
			}),
		),
		items_count: z.int().min(0),
	})
	.meta({ id: 'AdminList' });

export const listRoutes = [
	adminRoute({
		name: 'getLists',
		verb: 'get',
		path: '/lists',
		summary:
			"The lists (schemas) with their fields and how many records each holds, newest first; `project_uuid` keeps one project's.",
		query: pageQuery.extend({
			project_uuid: z.string().max(64).nullish().meta({ description: 'Only the lists of this project.' }),
		}),
		success: [{ status: 200, when: 'A page of lists.', body: pageOf(adminListJson) }],
		refusals: [],
		async handle({ deps: { models }, query }) {
			const page = pageFrom(query);
			const filter = query.project_uuid ? { projectUuid: query.project_uuid } : {};
			const [lists, total] = await readPage<ListDoc>(models.lists, filter, page);
			const counts = await Promise.all(lists.map((list) => models.listItems.countDocuments({ listId: list._id })));
			const data = lists.map(withLiveFields).map((list, i) => ({
				id: list._id.toHexString(),
				name: list.name,
				project_uuid: list.projectUuid,
				bot_id: list.botId ?? null,
				fields: list.fields.map((field) => ({
					slug: field.slug,
					name: field.name,
					type: field.type,
					currency: field.currency ?? null,
					is_required: field.isRequired,
					is_hidden: field.isHidden,
					is_encryptable: field.isEncryptable,
				})),
				items_count: counts[i],
			}));
			return { status: 200, body: page.envelope(data, total) };
		},
	}),
	adminRoute({
		name: 'addListItem',
		verb: 'post',
		path: '/lists/:id/items',
		summary: "Adds a record to a list; its values are checked against the list's fields.",
		params: listPath,
		body: z.object({
			values: z.record(z.string(), z.unknown()).meta({
				description:
					'Field slug to value: `string` text, `number` a number, `bool` true/false, `date` `YYYY-MM-DD`, ' +
					'`datetime` ISO 8601 with offset, `money` an integer in minor units, `file` and `image` an http(s) URL, ' +
					'`contact` and `bot` a positive integer ID. Required fields must have a value.',
			}),
		}),
		example: { values: { product: 'Coffee beans', price: 1299 } },
		success: [{ status: 201, when: 'The record.', body: dataOf(listItemJson) }],
		refusals: [
			listNotFound,
			{ status: 422, when: "A value does not suit its field, or the slug is not one of the list's.", body: validationBody },
		],
		async handle({ deps: { models }, params: { id }, body }) {
			const list = await findList(models, id);
			const { values } = validate(z.object({ values: listItemValues(list.fields) }), body, 'en');
			const item = await models.listItems.create({ listId: list._id, values });
			return { status: 201, body: { data: presentListItem(item.toObject<ListItemDoc>()) } };
		},
	}),
	adminRoute({
		name: 'getListItems',
		verb: 'get',
		path: '/lists/:id/items',
		summary: 'The records of a list, oldest first.',
		params: listPath,
		success: [{ status: 200, when: 'The records.', body: dataOf(z.array(listItemJson)) }],
		refusals: [listNotFound],
		async handle({ deps: { models }, params: { id } }) {
			const list = await findList(models, id);
			const items = await models.listItems.find({ listId: list._id }).sort({ _id: 1 }).lean<ListItemDoc[]>();
			return { status: 200, body: { data: items.map(presentListItem) } };
		},
	}),
];
