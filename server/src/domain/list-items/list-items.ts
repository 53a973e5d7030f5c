/**
 * The rules of list items (§12): a list's items are read, added, changed and deleted only through a list the caller
 * owns; an item of a deleted list is not found (§4.6); `contact` and `bot` values name the caller's own. Values
 * arrive checked against the list's fields (`contract/list-items/inputs.ts`); each rule returns its result or a
 * refusal saying why.
 */
import { mongo, type Types } from 'mongoose';
import { DRIVER_DECODING } from '../../database/bson-json';
import { aggregateInBatches } from '../../database/find-in-batches';
import type { Models } from '../../models';
import type { ListDoc, ListField } from '../../models/list';
import type { ListItemDoc } from '../../models/list-item';
import type { Caller } from '../caller';
import { listObjectId, ownedList, withLiveFields } from '../lists/lists';
import type { Refused } from './refusals';

const itemObjectId = listObjectId;

/** Values to write: slug and stored value, in the list's field order; and slugs cleared (`null`, on update only). */
export interface ValueChanges {
	set: [string, string | number | boolean][];
	unset: string[];
}

/** An equality per slug; several values: any of them. Null matches an unset value. */
export type ItemFilter = [slug: string, values: (string | number | boolean | null)[]][];

export interface ItemOrder {
	/** A slug, or one of the item's own fields (`id`, `created_at`, `updated_at`). */
	field: string;
	own: boolean;
	direction: 1 | -1;
}

const OWN_PATHS: Readonly<Record<string, string>> = { id: '_id', created_at: 'createdAt', updated_at: 'updatedAt' };

export interface ItemsQuery {
	filter: ItemFilter;
	/** `bot_id` and `contact_id` of getListItems: the first field of that type must hold the ID. */
	references: { type: 'bot' | 'contact'; id: number }[];
	order: ItemOrder | null;
	page: number;
	limit: number;
}

/** Safe paths: slugs passed the slug charset (no `.` or `$`). */
const valuePath = (slug: string) => `values.${slug}`;

/** A page of items, each as its stored BSON (written out by `database/list-item-export-encoder.ts`), and their total. */
export interface ItemsPage {
	items: Uint8Array[];
	total: number;
}

/**
 * One page of a list's items (§12.4) and their total, in one command: the page's query, then the count of the same
 * query appended by `$unionWith` (MongoDB 4.4; each part plans on its own, so the count reads index keys where the
 * filter allows).
 */
export async function itemsPage(
	models: Models,
	list: ListDoc,
	query: ItemsQuery,
): Promise<({ ok: true } & ItemsPage) | Refused<'no_such_field'>> {
	const conditions: Record<string, unknown> = { listId: list._id };
	for (const [slug, values] of query.filter) conditions[valuePath(slug)] = values.length === 1 ? values[0] : { $in: values };
	for (const { type, id } of query.references) {
		const field = list.fields.find((candidate) => candidate.type === type);
		if (!field) return { ok: false, reason: 'no_such_field', param: `${type}_id` };
		conditions[valuePath(field.slug)] = id;
	}
	const order = query.order ?? DEFAULT_ORDER;
	const path = order.own ? OWN_PATHS[order.field] : valuePath(order.field);
	// `_id` breaks ties, so that pages do not overlap (as §4.14 rule 4 for contacts).
	const sort: Record<string, 1 | -1> =
		path === '_id' ? { _id: order.direction } : { [path]: order.direction, _id: order.direction };
	const { stages, skip } = pageStages(models, conditions, sort, query);
	// The whole page and the count in the first batch, undecoded: one round trip, and no objects to present.
	const output = await aggregateInBatches(models.listItems, [{ $match: conditions }, ...stages], query.limit + 1);
	return { ok: true, ...pageOf(output, skip, query.limit) };
}

export type OwnedListPage = ({ ok: true; list: ListDoc } & ItemsPage) | Refused<'list_not_found' | 'list_forbidden'>;

/**
 * `findOwnedList`, then `itemsPage` unfiltered in its default order (an export's walk, page after page), in one
 * command rather than two: an aggregation of the list by its ID, with the page and its count appended by
 * `$unionWith`. The items are read before the list is checked, and dropped when it is not the caller's.
 */
export async function ownedListPage(
	models: Models,
	caller: Caller,
	schemaId: string,
	window: Pick<ItemsQuery, 'page' | 'limit'>,
): Promise<OwnedListPage> {
	const id = listObjectId(schemaId);
	if (!id) return { ok: false, reason: 'list_not_found' };
	const conditions = { listId: id };
	const { stages, skip } = pageStages(models, conditions, { _id: 1 }, window);
	const items = {
		$unionWith: { coll: models.listItems.collection.collectionName, pipeline: [{ $match: conditions }, ...stages] },
	};
	// The list comes first when it exists: no item has the list's ObjectId.
	const output = await aggregateInBatches(models.lists, [{ $match: { _id: id } }, items], window.limit + 2);
	const first = output[0] as Uint8Array | undefined;
	const list = first && isDocumentWithId(first, id) ? (mongo.BSON.deserialize(first, DRIVER_DECODING) as ListDoc) : null;
	const owned = ownedList(list, caller);
	if (!owned.ok) return owned;
	return { ...owned, ...pageOf(output.slice(1), skip, window.limit) };
}

const DEFAULT_ORDER: ItemOrder = { field: 'id', own: true, direction: 1 };

/** After the query's `$match`: its page in `sort` order, then the count of its matches appended. */
function pageStages(
	models: Models,
	conditions: Record<string, unknown>,
	sort: Record<string, 1 | -1>,
	{ page, limit }: Pick<ItemsQuery, 'page' | 'limit'>,
) {
	const skip = Math.min((page - 1) * limit, Number.MAX_SAFE_INTEGER);
	const counted = { $unionWith: { coll: models.listItems.collection.collectionName, pipeline: [{ $match: conditions }, COUNT] } };
	const stages = [{ $sort: sort }, ...(skip > 0 ? [{ $skip: skip }] : []), { $limit: limit }, counted];
	return { stages, skip };
}

/**
 * The page and its total from what `pageStages` output. A page that is not full, and not past the end, is the last
 * one: its total is what comes before it plus what it holds.
 */
function pageOf(output: Uint8Array[], skip: number, limit: number): ItemsPage {
	// The union appends the count after the page: only the last document can be it.
	const last = output.at(-1);
	const count = last && isCount(last) ? last : undefined;
	const items = count ? output.slice(0, -1) : output;
	const isLastPage = items.length > 0 ? items.length < limit : skip === 0;
	const total = isLastPage ? skip + items.length : countOf(count);
	return { items, total };
}

/** The count's document is `{_id: null, n}`; an item's `_id` is an ObjectId, always its first field. */
const COUNT = { $group: { _id: null, n: { $sum: 1 } } };
const COUNT_ID = Buffer.from([0x0a, 0x5f, 0x69, 0x64, 0x00]);
const isCount = (document: Uint8Array) => COUNT_ID.every((byte, i) => document[4 + i] === byte);

/** Whether the document's first field is `_id` holding `id` (a list's `_id` is always its first field). */
function isDocumentWithId(document: Uint8Array, id: Types.ObjectId): boolean {
	const bytes = id.id;
	return OBJECT_ID_KEY.every((byte, i) => document[4 + i] === byte) && bytes.every((byte, i) => document[9 + i] === byte);
}
const OBJECT_ID_KEY = Buffer.from([0x07, 0x5f, 0x69, 0x64, 0x00]);

/** The count the union appended; none when nothing matched. */
function countOf(count: Uint8Array | undefined): number {
	return count ? Number((mongo.BSON.deserialize(count) as { n: number }).n) : 0;
}

/** The `contact` and `bot` values that are not the caller's own live contact or bot, by slug (§12, the brief's rule). */
async function foreignReferences(models: Models, caller: Caller, fields: readonly ListField[], changes: ValueChanges) {
	const typeOf = new Map(fields.map((field) => [field.slug, field.type]));
	const wanted = { contact: new Map<string, number>(), bot: new Map<string, number>() };
	for (const [slug, value] of changes.set) {
		const type = typeOf.get(slug);
		if ((type === 'contact' || type === 'bot') && typeof value === 'number') wanted[type].set(slug, value);
	}
	const owned = async (type: 'contact' | 'bot', ids: number[]): Promise<Set<number>> => {
		if (ids.length === 0) return new Set();
		const filter = { _id: { $in: ids }, ownerId: caller._id, deletedAt: null };
		const found =
			type === 'contact'
				? await models.contacts.find(filter, { _id: 1 }).lean<{ _id: number }[]>()
				: await models.bots.find(filter, { _id: 1 }).lean<{ _id: number }[]>();
		return new Set(found.map((doc) => doc._id));
	};
	const [contacts, bots] = await Promise.all([
		owned('contact', [...new Set(wanted.contact.values())]),
		owned('bot', [...new Set(wanted.bot.values())]),
	]);
	return [...[...wanted.contact].filter(([, id]) => !contacts.has(id)), ...[...wanted.bot].filter(([, id]) => !bots.has(id))].map(
		([slug]) => slug,
	);
}

export type AddedItem = { ok: true; item: ListItemDoc } | Refused<'value_not_owned'>;

/**
 * Adds an item to a list the caller owns (§12.5). A list deleted between its read and this insert leaves an item
 * no call can reach (its list is gone, so every lookup of it is a 404).
 */
export async function addItem(models: Models, caller: Caller, list: ListDoc, changes: ValueChanges): Promise<AddedItem> {
	const foreign = await foreignReferences(models, caller, list.fields, changes);
	if (foreign.length > 0) return { ok: false, reason: 'value_not_owned', slugs: foreign };
	const created = await models.listItems.create({ listId: list._id, values: Object.fromEntries(changes.set) });
	return { ok: true, item: created.toObject<ListItemDoc>() };
}

export type OwnedItem = { ok: true; item: ListItemDoc; list: ListDoc } | Refused<'item_not_found' | 'item_forbidden'>;

/**
 * The caller's item and its list. Missing, malformed, of a deleted list (§4.6), or not of `schemaId` when one is
 * sent (§12.6): `item_not_found`; of someone else's list: `item_forbidden` (§12.8).
 */
export async function findOwnedItem(
	models: Models,
	caller: Caller,
	itemId: string,
	schemaId?: string | null,
): Promise<OwnedItem> {
	const id = itemObjectId(itemId);
	const item = id && (await models.listItems.findById(id).lean<ListItemDoc>());
	if (!item) return { ok: false, reason: 'item_not_found' };
	if (schemaId !== undefined && schemaId !== null && item.listId.toHexString() !== schemaId.toLowerCase())
		return { ok: false, reason: 'item_not_found' };
	const list = await models.lists.findById(item.listId).lean<ListDoc>();
	if (!list) return { ok: false, reason: 'item_not_found' };
	if (!list.ownerId.equals(caller._id)) return { ok: false, reason: 'item_forbidden' };
	return { ok: true, item, list: withLiveFields(list) };
}

export type UpdatedItem = { ok: true; item: ListItemDoc } | Refused<'value_not_owned' | 'item_not_found'>;

/**
 * Merges the values sent into the item (§12.6): one update of only those paths, so parallel updates of different
 * slugs all hold. `updated_at` changes even when no value does (§12.3).
 */
export async function updateItem(
	models: Models,
	caller: Caller,
	list: ListDoc,
	item: Pick<ListItemDoc, '_id'>,
	changes: ValueChanges,
): Promise<UpdatedItem> {
	const foreign = await foreignReferences(models, caller, list.fields, changes);
	if (foreign.length > 0) return { ok: false, reason: 'value_not_owned', slugs: foreign };
	const $set = Object.fromEntries(changes.set.map(([slug, value]) => [valuePath(slug), value]));
	const $unset = Object.fromEntries(changes.unset.map((slug) => [valuePath(slug), '']));
	const updated = await models.listItems
		.findOneAndUpdate(
			{ _id: item._id, listId: list._id },
			{ $set: { ...$set, updatedAt: new Date() }, ...(changes.unset.length > 0 ? { $unset } : {}) },
			{ returnDocument: 'after', timestamps: false },
		)
		.lean<ListItemDoc>();
	// Deleted meanwhile.
	return updated ? { ok: true, item: updated } : { ok: false, reason: 'item_not_found' };
}

export type DeletedItem = { ok: true } | Refused<'item_not_found' | 'item_forbidden'>;

/** Deletes the caller's item (§12.7); a second delete, or one after the list's deletion, is a 404 (§4.6). */
export async function deleteItem(models: Models, caller: Caller, itemId: string): Promise<DeletedItem> {
	const owned = await findOwnedItem(models, caller, itemId);
	if (!owned.ok) return owned;
	const { deletedCount } = await models.listItems.deleteOne({ _id: owned.item._id, listId: owned.list._id });
	return deletedCount === 1 ? { ok: true } : { ok: false, reason: 'item_not_found' };
}
