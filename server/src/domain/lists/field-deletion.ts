/**
 * deleteListSchemaField (§3, §4.8): the field is removed and its values are erased in every record, irreversibly.
 *
 * A list and its records are separate documents, so a deletion is three writes, made safe this way:
 * 1. The field is claimed: one conditional update stamps it with this deletion's ID, only if no other deletion has
 *    stamped it. Of parallel deletions of one slug exactly one succeeds; the others find no such field (422). From
 *    here on reads no longer show the field, and its slug stays taken, so it cannot be added again meanwhile.
 * 2. Its values are erased in every record.
 * 3. The stamped field is pulled, by the stamp, never by slug: a field added again afterwards is never touched.
 * A process dying after 1 leaves a stamped field; start-up finishes its deletion (`fieldDeletionRecovery`). Steps 2
 * and 3 are idempotent, so finishing a deletion that a live instance is also finishing is harmless.
 */
import { Types } from 'mongoose';
import type { StartupTask } from '../../database/startup-task';
import type { Models } from '../../models';
import type { Caller } from '../caller';
import { findOwnedList, listObjectId, type ListChange } from './lists';
import type { Refused } from './refusals';

export type FieldDeleted = ListChange | Refused<'slug_unknown'>;

/** Steps 2 and 3 for a claimed field. */
async function finishDeletion(models: Models, listId: Types.ObjectId, slug: string, deletion: Types.ObjectId): Promise<void> {
	// The stored slug passed the slug charset (no `.` or `$`), so it is a safe path.
	const valuePath = `values.${slug}`;
	await models.listItems.updateMany({ listId, [valuePath]: { $exists: true } }, { $unset: { [valuePath]: '' } });
	await models.lists.updateOne({ _id: listId }, { $pull: { fields: { deletion } } });
}

/**
 * The claim also checks that the list is the caller's, so no read comes first; a claim that matched nothing is
 * explained by one: no such list, someone else's (both before the slug, §4.8), else no such field (or a parallel
 * deletion claimed it).
 */
export async function deleteField(models: Models, caller: Caller, schemaId: string, slug: string): Promise<FieldDeleted> {
	const listId = listObjectId(schemaId);
	if (!listId) return { ok: false, reason: 'list_not_found' };
	const deletion = new Types.ObjectId();
	const { matchedCount } = await models.lists.updateOne(
		{ _id: listId, ownerId: caller._id, fields: { $elemMatch: { slug, deletion: { $exists: false } } } },
		{ $set: { 'fields.$.deletion': deletion } },
	);
	if (matchedCount === 0) {
		const owned = await findOwnedList(models, caller, schemaId);
		return owned.ok ? { ok: false, reason: 'slug_unknown' } : owned;
	}
	await finishDeletion(models, listId, slug, deletion);
	return { ok: true };
}

/** Start-up: finishes every deletion a process that died left half done. Returns how many there were. */
async function finishInterruptedDeletions(models: Models): Promise<number> {
	let finished = 0;
	const lists = models.lists
		.find({ 'fields.deletion': { $exists: true } }, { fields: 1 })
		.lean<{ _id: Types.ObjectId; fields: { slug: string; deletion?: Types.ObjectId | null }[] }[]>()
		.cursor();
	for await (const list of lists) {
		for (const field of list.fields) {
			if (!field.deletion) continue;
			await finishDeletion(models, list._id, field.slug, field.deletion);
			finished++;
		}
	}
	return finished;
}

export const fieldDeletionRecovery: StartupTask = {
	what: 'interrupted field deletions of lists finished',
	run: finishInterruptedDeletions,
};
