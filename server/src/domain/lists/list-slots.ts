/**
 * The 5000-lists limit (§4.5) as a counter that survives a crash, like the account journal does.
 *
 * `listsCount` on the project is what makes parallel creates race-safe: a slot is taken by one conditional `$inc`.
 * But the list lives in another collection, and a process can die between the two writes. So whenever a list is
 * about to appear or disappear, its ID is first recorded in the project's `pendingLists`, in the same atomic update
 * that takes the slot (create) or on its own (delete). Settling the slot then makes the counter agree with the
 * truth: the list exists, so it keeps its slot; it does not, so the slot is released. The marker is pulled in the
 * same update, so a slot is settled once, whoever settles it. A process that died leaves the marker behind, and
 * start-up settles it (`listSlotRecovery`).
 *
 * Start-up may run while other instances serve. It settles only markers older than SETTLE_AFTER_MS, and should it
 * still meet a live create or delete, that one finds its marker gone and puts the counter right itself
 * (`settleOwnSlot`).
 */
import { Types } from 'mongoose';
import type { StartupTask } from '../../database/startup-task';
import type { Models } from '../../models';
import type { Caller } from '../caller';
import { LISTS_PER_PROJECT } from './limits';

/** A create or delete in flight finishes in milliseconds; start-up leaves younger markers alone. */
export const SETTLE_AFTER_MS = 60_000;

/**
 * Takes a slot for a list about to be created, with its marker, in one conditional write that also checks the
 * caller owns the project (so no read comes first). False when the project is missing, someone else's, or full:
 * `createList` then reads why.
 */
export async function reserveListSlot(models: Models, caller: Caller, projectUuid: string, listId: Types.ObjectId) {
	const { matchedCount } = await models.projects.updateOne(
		{ uuid: projectUuid, ownerId: caller._id, listsCount: { $lt: LISTS_PER_PROJECT } },
		{ $inc: { listsCount: 1 }, $push: { pendingLists: { _id: listId, at: new Date() } } },
		{ timestamps: false },
	);
	return matchedCount === 1;
}

/** Marks a list about to be deleted, so that its slot is released even if the process dies half way. */
export async function markListLeaving(models: Models, projectUuid: string, listId: Types.ObjectId): Promise<void> {
	await models.projects.updateOne(
		{ uuid: projectUuid },
		{ $push: { pendingLists: { _id: listId, at: new Date() } } },
		{ timestamps: false },
	);
}

/**
 * Drops the markers of a list whose deletion this process did not do (a parallel delete did), leaving the counter
 * to the one that did: it releases the slot once, whether it finds the markers or not.
 */
export async function dropListMarkers(models: Models, projectUuid: string, listId: Types.ObjectId): Promise<void> {
	await models.projects.updateOne({ uuid: projectUuid }, { $pull: { pendingLists: { _id: listId } } }, { timestamps: false });
}

/**
 * Makes the counter agree with whether the list exists, and drops its marker, in one update. False when the
 * marker was already gone (someone else settled it). `exists` is read unless the caller knows it.
 */
async function settleSlot(models: Models, projectUuid: string, listId: Types.ObjectId, known?: boolean): Promise<boolean> {
	const exists = known ?? (await models.lists.exists({ _id: listId })) !== null;
	const { matchedCount } = await models.projects.updateOne(
		{ uuid: projectUuid, 'pendingLists._id': listId },
		{ $pull: { pendingLists: { _id: listId } }, ...(exists ? {} : { $inc: { listsCount: -1 } }) },
		{ timestamps: false },
	);
	return matchedCount === 1;
}

/**
 * Settles the slot of a create or delete this process has just done. If start-up on another instance settled the
 * marker meanwhile, it judged by what existed then, so the counter is put right here: a created list takes its slot
 * again (false when the project is full by now: the caller then deletes the list), a deleted one releases it.
 *
 * `succeeded`: the insert or delete was acknowledged, so the list's existence is known without a read. A created
 * list keeps its slot even if a parallel delete has removed it since: that delete releases the slot itself, once
 * (it settles its own marker, or finds it gone and releases anyway).
 */
export async function settleOwnSlot(
	models: Models,
	projectUuid: string,
	listId: Types.ObjectId,
	done: 'created' | 'deleted',
	succeeded = false,
): Promise<boolean> {
	if (await settleSlot(models, projectUuid, listId, succeeded ? done === 'created' : undefined)) return true;
	const exists = (await models.lists.exists({ _id: listId })) !== null;
	if (done === 'created' && exists) {
		const { matchedCount } = await models.projects.updateOne(
			{ uuid: projectUuid, listsCount: { $lt: LISTS_PER_PROJECT } },
			{ $inc: { listsCount: 1 } },
			{ timestamps: false },
		);
		return matchedCount === 1;
	}
	if (done === 'deleted') {
		await models.projects.updateOne(
			{ uuid: projectUuid, listsCount: { $gt: 0 } },
			{ $inc: { listsCount: -1 } },
			{ timestamps: false },
		);
	}
	return true;
}

/** Start-up: settles every marker older than SETTLE_AFTER_MS. Returns how many there were. */
async function settleAbandonedSlots(models: Models): Promise<number> {
	const before = new Date(Date.now() - SETTLE_AFTER_MS);
	let settled = 0;
	const projects = models.projects
		.find({ 'pendingLists._id': { $type: 'objectId' } }, { uuid: 1, pendingLists: 1 })
		.lean<{ uuid: string; pendingLists: { _id: Types.ObjectId; at: Date }[] }[]>()
		.cursor();
	for await (const project of projects) {
		for (const marker of project.pendingLists) {
			if (marker.at.getTime() <= before.getTime() && (await settleSlot(models, project.uuid, marker._id))) settled++;
		}
	}
	return settled;
}

export const listSlotRecovery: StartupTask = {
	what: 'list slots of interrupted list creations or deletions settled',
	run: settleAbandonedSlots,
};

export const newListId = () => new Types.ObjectId();
