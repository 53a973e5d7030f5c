/**
 * The rules of lists (§3, §4.3 to §4.8): ownership, targets, the per-project limit, and the writes that keep a
 * list and its records consistent. Each rule returns its result or a refusal saying why; the API layer decides
 * what a refusal looks like on the wire (`api/lists/answers.ts`).
 */
import { Types } from 'mongoose';
import type { Models } from '../../models';
import type { ListDoc, ListField } from '../../models/list';
import type { Caller } from '../caller';
import { LISTS_PER_PAGE, LISTS_PER_PROJECT } from './limits';
import { fillListIds } from './list-ids-backfill';
import { newListId, releaseListSlot, releasePhantomSlots, releaseSlotIfUnused, takeListSlot } from './list-slots';
import type { Refused } from './refusals';

/** List IDs are ObjectId hex strings; anything else names no list. */
export function listObjectId(schemaId: string): Types.ObjectId | undefined {
	return /^[0-9a-f]{24}$/i.test(schemaId) ? new Types.ObjectId(schemaId) : undefined;
}

/** The list as readers see it: a field being deleted is already gone (see field-deletion.ts). */
export function withLiveFields<L extends Pick<ListDoc, 'fields'>>(list: L): L {
	return list.fields.some((field) => field.deletion) ? { ...list, fields: list.fields.filter((field) => !field.deletion) } : list;
}

export type OwnedList = { ok: true; list: ListDoc } | Refused<'list_not_found' | 'list_forbidden'>;

/** The caller's list; missing, deleted or malformed is `list_not_found`, someone else's is `list_forbidden` (§4.4). */
export async function findOwnedList(models: Models, caller: Caller, schemaId: string): Promise<OwnedList> {
	const id = listObjectId(schemaId);
	// Through the driver: a lean mongoose query casts, builds and hooks a query that needs none of it (an export's
	// every page reads its list).
	const list = id && (await models.lists.collection.findOne<ListDoc>({ _id: id }));
	return ownedList(list || null, caller);
}

/** The list read as the caller's, or why not (`findOwnedList`'s rule, for a list read some other way). */
export function ownedList(list: ListDoc | null, caller: Caller): OwnedList {
	if (!list) return { ok: false, reason: 'list_not_found' };
	if (!list.ownerId.equals(caller._id)) return { ok: false, reason: 'list_forbidden' };
	return { ok: true, list: withLiveFields(list) };
}

/** One page of the lists of every project the caller owns, oldest first (§4.3). */
export async function listsPage(models: Models, caller: Caller, page: number): Promise<{ items: ListDoc[]; total: number }> {
	const filter = { ownerId: caller._id };
	const total = await models.lists.countDocuments(filter);
	const skip = (page - 1) * LISTS_PER_PAGE;
	// Past the last page there is nothing to read (and `skip` may be beyond what the database accepts).
	if (skip >= total) return { items: [], total };
	const items = await models.lists.find(filter).sort({ _id: 1 }).skip(skip).limit(LISTS_PER_PAGE).lean<ListDoc[]>();
	return { items: items.map(withLiveFields), total };
}

export interface ListTarget {
	/** Wins over `projectUuid` when both are given (§4.5). */
	botId: number | null;
	projectUuid: string | null;
}

export interface NewList {
	/** A chosen ID (seed files give fixed ones); a new one otherwise. */
	_id?: Types.ObjectId;
	name: string;
	isMenu: boolean;
	fields: ListField[];
}

/**
 * Why a project took no slot: missing, someone else's (only the owner: an invited team member has no API access
 * to the project, §1), or else full. Read only on a refusal; the slot's own write checks all three. A full project
 * may hold phantoms, and one of an earlier version has no `listIds` yet: both are put right here, and then the
 * answer is `retry`, the slot being worth one more try.
 */
async function slotRefusal(
	models: Models,
	caller: Caller,
	uuid: string,
	via: 'bot_id' | 'project_uuid',
): Promise<Refused<'target_missing' | 'list_forbidden' | 'lists_limit'> | 'retry'> {
	const project = await models.projects.findOne({ uuid }, { ownerId: 1, listIds: 1 }).lean();
	if (!project) return { ok: false, reason: 'target_missing', field: via };
	if (!project.ownerId.equals(caller._id)) return { ok: false, reason: 'list_forbidden' };
	if (project.listIds === undefined) {
		await fillListIds(models, uuid);
		return 'retry';
	}
	// Not full: a parallel delete freed a slot since.
	if (project.listIds.length < LISTS_PER_PROJECT) return 'retry';
	if ((await releasePhantomSlots(models, uuid, project.listIds)) > 0) return 'retry';
	return { ok: false, reason: 'lists_limit', max: LISTS_PER_PROJECT };
}

/** The project (and bot) a new list goes to; whether the caller owns the project is the reservation's to check. */
async function resolveTarget(
	models: Models,
	target: ListTarget,
): Promise<{ ok: true; projectUuid: string; botId: number | null; via: 'bot_id' | 'project_uuid' } | Refused<'target_missing'>> {
	if (target.botId !== null) {
		const bot = await models.bots.findOne({ _id: target.botId, deletedAt: null }, { projectUuid: 1 }).lean();
		if (!bot) return { ok: false, reason: 'target_missing', field: 'bot_id' };
		return { ok: true, projectUuid: bot.projectUuid, botId: bot._id, via: 'bot_id' };
	}
	// The input rules guarantee one of the two.
	return { ok: true, projectUuid: target.projectUuid as string, botId: null, via: 'project_uuid' };
}

export type CreatedList = { ok: true; list: ListDoc } | Refused<'target_missing' | 'list_forbidden' | 'lists_limit'>;

/**
 * Checks run in the order of §4.5: the target (missing, then someone else's), then the 5000-lists limit. The
 * slot is taken before the list is inserted (list-slots.ts): a crash in between leaves a phantom, never a list
 * beyond the limit.
 */
export async function createList(models: Models, caller: Caller, target: ListTarget, list: NewList): Promise<CreatedList> {
	const resolved = await resolveTarget(models, target);
	if (!resolved.ok) return resolved;
	const { projectUuid, botId, via } = resolved;
	const { _id = newListId(), ...fields } = list;
	if (!(await takeListSlot(models, caller, projectUuid, _id))) {
		const refusal = await slotRefusal(models, caller, projectUuid, via);
		if (refusal !== 'retry') return refusal;
		// Once only: a project that is full again by now (parallel creates took the freed slots) is full.
		if (!(await takeListSlot(models, caller, projectUuid, _id)))
			return { ok: false, reason: 'lists_limit', max: LISTS_PER_PROJECT };
	}
	try {
		const created = await models.lists.create({ _id, ...fields, projectUuid, botId, ownerId: caller._id });
		return { ok: true, list: created.toObject<ListDoc>() };
	} catch (error) {
		// If this read fails too (the database is gone), the slot stays: a phantom, repaired when it matters.
		await releaseSlotIfUnused(models, projectUuid, _id).catch(() => undefined);
		throw error;
	}
}

export type ListChange = { ok: true } | Refused<'list_not_found' | 'list_forbidden'>;

/**
 * Deletes the list, then its records, then gives its slot back (§4.6). The delete checks ownership in its own
 * filter and returns the project, so no read comes first; only a refusal reads why. A crash after the first write
 * leaves a phantom in the project, which also leads the full-project repair to the records left behind.
 */
export async function deleteList(models: Models, caller: Caller, schemaId: string): Promise<ListChange> {
	const id = listObjectId(schemaId);
	if (!id) return { ok: false, reason: 'list_not_found' };
	const deleted = await models.lists
		.findOneAndDelete({ _id: id, ownerId: caller._id }, { projection: { projectUuid: 1 } })
		.lean<Pick<ListDoc, '_id' | 'projectUuid'>>();
	if (!deleted) {
		// Missing, or deleted by a parallel call (which gives the slot back), or someone else's.
		const list = await models.lists.findById(id, { ownerId: 1 }).lean();
		return { ok: false, reason: list ? 'list_forbidden' : 'list_not_found' };
	}
	await models.listItems.deleteMany({ listId: id });
	await releaseListSlot(models, deleted.projectUuid, id);
	return { ok: true };
}

export type FieldAdded = ListChange | Refused<'slug_taken'>;

/**
 * Appends a field (§4.7). The slug check and the append are one write, so two parallel adds cannot both succeed.
 * A field still being deleted holds its slug until the deletion is done (a 422, like any taken slug).
 */
export async function addField(models: Models, caller: Caller, schemaId: string, field: ListField): Promise<FieldAdded> {
	const owned = await findOwnedList(models, caller, schemaId);
	if (!owned.ok) return owned;
	const { matchedCount } = await models.lists.updateOne(
		{ _id: owned.list._id, 'fields.slug': { $ne: field.slug } },
		{ $push: { fields: field } },
	);
	if (matchedCount === 1) return { ok: true };
	return (await models.lists.exists({ _id: owned.list._id }))
		? { ok: false, reason: 'slug_taken' }
		: { ok: false, reason: 'list_not_found' };
}
