/**
 * Projects written by an earlier version counted their lists (`listsCount`, with `pendingLists` markers) instead
 * of holding their IDs (`list-slots.ts`). They are given `listIds` from the lists that exist, and lose the old
 * fields, before the server serves; a create that meets one anyway (written since by an instance of the earlier
 * version) fills it first.
 *
 * Safe while other instances serve: a project without `listIds` takes no slot (`takeListSlot`), so no list can
 * appear in it between the read of its lists and the write; and the write applies only while `listIds` is still
 * missing, so of two instances filling one project the first wins and the second changes nothing. A list deleted
 * in between leaves a phantom, which the full-project repair deals with like any other.
 */
import type { StartupTask } from '../../database/startup-task';
import type { Models } from '../../models';

/** Fills one project's `listIds`; false when it had them already. */
export async function fillListIds(models: Models, projectUuid: string): Promise<boolean> {
	const lists = await models.lists.find({ projectUuid }, { _id: 1 }).sort({ _id: 1 }).lean();
	const { matchedCount } = await models.projects.updateOne(
		{ uuid: projectUuid, listIds: { $exists: false } },
		{ $set: { listIds: lists.map((list) => list._id) }, $unset: { listsCount: '', pendingLists: '' } },
		{ timestamps: false, strict: false },
	);
	return matchedCount === 1;
}

async function fillAllListIds(models: Models): Promise<number> {
	let filled = 0;
	const projects = models.projects
		.find({ listIds: { $exists: false } }, { uuid: 1 })
		.lean()
		.cursor();
	for await (const project of projects) if (await fillListIds(models, project.uuid)) filled += 1;
	return filled;
}

export const listIdsBackfill: StartupTask = {
	what: 'projects of an earlier version given the IDs of their lists',
	run: fillAllListIds,
};
