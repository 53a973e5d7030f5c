/**
 * The 5000-lists limit (§4.5): a project holds the IDs of its lists (`listIds`), and a list takes its slot by
 * having its ID pushed there, in one conditional update that also checks the owner and that the project is not
 * full. Parallel creates are therefore exact, with no counter to keep in step.
 *
 * The list itself lives in another collection, so a create (ID pushed, then the list inserted) and a delete (list
 * deleted, then its records, then its ID pulled) are two writes, and a process can die between them. What it
 * leaves behind is always the same thing: a *phantom*, an ID in the project with no list. It never lets more
 * lists in, it only holds a slot, which matters only when the project is full. So phantoms are repaired there:
 * a create refused as full looks for them, deletes their records, pulls them, and tries once more.
 *
 * The repair must never take the ID of a create still in flight on another instance (pushed, not yet inserted).
 * An ID is an ObjectId made just before its push, so its own timestamp says how old it is: only IDs older than
 * SETTLE_AFTER_MS are judged.
 */
import { Types } from 'mongoose';
import type { Models } from '../../models';
import type { Caller } from '../caller';
import { LISTS_PER_PROJECT } from './limits';

/** A create in flight finishes in milliseconds; younger IDs are left alone, whatever the clock skew. */
export const SETTLE_AFTER_MS = 60_000;

/** MongoDB's way to say "fewer than N elements" in a filter: the array has no element at index N - 1. */
const NOT_FULL = { [`listIds.${LISTS_PER_PROJECT - 1}`]: { $exists: false } };

export const newListId = () => new Types.ObjectId();

/**
 * Takes a slot for a list about to be created, in one conditional write that also checks the caller owns the
 * project (so no read comes first). A project written by an earlier version has no `listIds` yet and takes no
 * slot until they are filled (`list-ids-backfill.ts`). False when the project is missing, someone else's, full or
 * not filled yet: `createList` then reads why.
 */
export async function takeListSlot(models: Models, caller: Caller, projectUuid: string, listId: Types.ObjectId) {
	const { matchedCount } = await models.projects.updateOne(
		{ uuid: projectUuid, ownerId: caller._id, listIds: { $exists: true }, ...NOT_FULL },
		{ $push: { listIds: listId } },
		{ timestamps: false },
	);
	return matchedCount === 1;
}

/**
 * Gives a slot back: after the list's deletion, or when its insert was refused. A pull is idempotent, so a
 * parallel delete or a repair doing the same is harmless. (Not `listIds: listId` in the filter as well: it would
 * only make the emulator scan the IDs once more.)
 */
export async function releaseListSlot(models: Models, projectUuid: string, listId: Types.ObjectId): Promise<void> {
	await models.projects.updateOne({ uuid: projectUuid }, { $pull: { listIds: listId } }, { timestamps: false });
}

/**
 * After a failed insert: the slot goes back if the project has no such list. Read, not assumed from the error: a
 * failure may come after the write (a write concern not met). An ID refused as a duplicate is another list's: in
 * another project, its copy here goes; in this one, both copies stay (only a seed file chooses IDs, and it fails).
 */
export async function releaseSlotIfUnused(models: Models, projectUuid: string, listId: Types.ObjectId): Promise<void> {
	if (!(await models.lists.exists({ _id: listId, projectUuid }))) await releaseListSlot(models, projectUuid, listId);
}

/**
 * Repairs a full project: its phantom IDs old enough to judge are pulled, after the records of their (deleted)
 * lists are deleted, which a delete that died half way may have left. Returns how many slots were freed.
 */
export async function releasePhantomSlots(models: Models, projectUuid: string, listIds: Types.ObjectId[]): Promise<number> {
	const settled = Date.now() - SETTLE_AFTER_MS;
	const judged = listIds.filter((id) => id.getTimestamp().getTime() <= settled);
	if (judged.length === 0) return 0;
	// Every list's ID is in its project, so as many lists as IDs means no phantom: the usual full project, counted.
	if ((await models.lists.countDocuments({ projectUuid })) >= listIds.length) return 0;
	// Any project's list counts as live: its records are deleted below, and they are keyed by list ID alone.
	const existing = await models.lists.find({ _id: { $in: judged } }, { _id: 1 }).lean();
	const live = new Set(existing.map((list) => list._id.toHexString()));
	const phantoms = judged.filter((id) => !live.has(id.toHexString()));
	if (phantoms.length === 0) return 0;
	// Records first: once the IDs are gone, nothing would lead to them any more.
	await models.listItems.deleteMany({ listId: { $in: phantoms } });
	await models.projects.updateOne({ uuid: projectUuid }, { $pullAll: { listIds: phantoms } }, { timestamps: false });
	return phantoms.length;
}
