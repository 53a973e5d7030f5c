/**
 * The rules of lists (§3, §4.3 to §4.8): ownership, targets, the per-project limit, and the writes that keep a
 * list and its records consistent. Each rule returns its result or a refusal saying why; the API layer decides
 * what a refusal looks like on the wire (`api/lists/refusals.ts`).
 */
import { Types } from 'mongoose';
import type { Models } from '../../models';
import type { ListDoc, ListField } from '../../models/list';
import type { Caller } from '../caller';
import { LISTS_PER_PAGE, LISTS_PER_PROJECT } from './limits';
import { dropListMarkers, markListLeaving, newListId, reserveListSlot, settleOwnSlot } from './list-slots';
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
	const list = id && (await models.lists.findById(id).lean<ListDoc>());
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
 * to the project, §1), or else full. Read only on a refusal; the reservation itself checks all three.
 */
async function slotRefusal(
	models: Models,
	caller: Caller,
	uuid: string,
	via: 'bot_id' | 'project_uuid',
): Promise<Refused<'target_missing' | 'list_forbidden' | 'lists_limit'>> {
	const project = await models.projects.findOne({ uuid }, { ownerId: 1 }).lean();
	if (!project) return { ok: false, reason: 'target_missing', field: via };
	if (!project.ownerId.equals(caller._id)) return { ok: false, reason: 'list_forbidden' };
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

/** Checks run in the order of §4.5: the target (missing, then someone else's), then the 5000-lists limit. */
export async function createList(models: Models, caller: Caller, target: ListTarget, list: NewList): Promise<CreatedList> {
	const resolved = await resolveTarget(models, target);
	if (!resolved.ok) return resolved;
	const { projectUuid, botId, via } = resolved;
	const { _id = newListId(), ...fields } = list;
	if (!(await reserveListSlot(models, caller, projectUuid, _id))) return slotRefusal(models, caller, projectUuid, via);
	let created;
	try {
		created = await models.lists.create({ _id, ...fields, projectUuid, botId, ownerId: caller._id });
	} finally {
		// Whether the insert happened or not: the slot follows what exists (list-slots.ts).
		if (!(await settleOwnSlot(models, projectUuid, _id, 'created', created !== undefined))) {
			await models.lists.deleteOne({ _id });
			created = undefined;
		}
	}
	if (!created) return { ok: false, reason: 'lists_limit', max: LISTS_PER_PROJECT };
	return { ok: true, list: created.toObject<ListDoc>() };
}

export type ListChange = { ok: true } | Refused<'list_not_found' | 'list_forbidden'>;

/** Deletes the list, then its records (§4.6). */
export async function deleteList(models: Models, caller: Caller, schemaId: string): Promise<ListChange> {
	const owned = await findOwnedList(models, caller, schemaId);
	if (!owned.ok) return owned;
	const { list } = owned;
	await markListLeaving(models, list.projectUuid, list._id);
	const { deletedCount } = await models.lists.deleteOne({ _id: list._id });
	// The list goes first: its records are unreachable from then on, even if the writes below never happen.
	if (deletedCount === 0) {
		// A parallel delete got there first: it releases the slot; from this caller's view the list is already missing.
		await dropListMarkers(models, list.projectUuid, list._id);
		return { ok: false, reason: 'list_not_found' };
	}
	await models.listItems.deleteMany({ listId: list._id });
	await settleOwnSlot(models, list.projectUuid, list._id, 'deleted', true);
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
