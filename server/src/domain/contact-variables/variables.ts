/**
 * A contact's variables (§11): the `variables` of the contact object (§2.4), read and written here, so both views
 * show one set with the same IDs (§14.6). IDs are per contact, from 1, never reused after a delete: the contact
 * keeps the highest ID it gave out in `lastVariableId`.
 *
 * setContactVariable is one atomic update of the contact (an update pipeline): the value of the variable with this
 * name is replaced, or a variable is appended with the next ID. Parallel calls for one new name therefore make one
 * variable, and the later calls update it (§14.7). The document before the update tells which happened.
 */
import type { mongo } from 'mongoose';
import type { Models } from '../../models';
import type { ContactDoc, ContactVariable } from '../../models/contact';
import type { Caller } from '../caller';
import { ownLiveContact, readOwnContact, refuseContact } from '../contact-access';
import { MAX_VARIABLES_PER_CONTACT } from './limits';
import type { VariableRefusal } from './refusals';

type VariablesOf = Pick<ContactDoc, 'variables' | 'lastVariableId'>;

/** Through the driver: a pipeline update, and values already of their stored types. */
const contacts = (models: Models) => models.contacts.collection as unknown as mongo.Collection<ContactDoc>;

export interface VariableWrite {
	name: string;
	value: string;
	/** Omitted: false on a new variable, kept on an existing one (§14.7). */
	deletable?: boolean;
}

/** §11.3: the contact's variables in ID order. */
export async function listVariables(
	models: Models,
	caller: Caller,
	contactId: number,
): Promise<{ ok: true; variables: ContactVariable[] } | VariableRefusal> {
	const found = await readOwnContact(models, caller, contactId, ['variables']);
	if (!found.ok) return found;
	return { ok: true, variables: [...found.contact.variables].sort((a, b) => a.id - b.id) };
}

const highestId = { $max: [{ $ifNull: ['$lastVariableId', 0] }, { $ifNull: [{ $max: '$variables.id' }, 0] }] };

/** §11.4: `created` tells a new variable (201) from a changed one (200). */
export async function setVariable(
	models: Models,
	caller: Caller,
	contactId: number,
	write: VariableWrite,
): Promise<{ ok: true; variable: ContactVariable; created: boolean } | VariableRefusal> {
	const name = { $literal: write.name };
	const changes = { value: { $literal: write.value }, ...(write.deletable !== undefined && { deletable: write.deletable }) };
	const appended = {
		id: { $add: [highestId, 1] },
		name,
		value: changes.value,
		type: 0,
		schemaId: null,
		deletable: write.deletable ?? false,
		payload: null,
	};
	const exists = { $in: [name, '$variables.name'] };
	const full = { $gte: [{ $size: '$variables' }, MAX_VARIABLES_PER_CONTACT] };
	const before: VariablesOf | null = await contacts(models).findOneAndUpdate(
		ownLiveContact(caller, contactId),
		[
			{
				$set: {
					variables: {
						$cond: [
							exists,
							{
								$map: {
									input: '$variables',
									as: 'v',
									in: { $cond: [{ $eq: ['$$v.name', name] }, { $mergeObjects: ['$$v', changes] }, '$$v'] },
								},
							},
							{ $cond: [full, '$variables', { $concatArrays: ['$variables', [appended]] }] },
						],
					},
					lastVariableId: { $cond: [{ $or: [exists, full] }, highestId, { $add: [highestId, 1] }] },
				},
			},
		],
		{ returnDocument: 'before', projection: { variables: 1, lastVariableId: 1 } },
	);
	if (!before) return explain(models, caller, contactId);
	const existing = before.variables.find((variable) => variable.name === write.name);
	if (existing) {
		return {
			ok: true,
			created: false,
			variable: { ...existing, value: write.value, deletable: write.deletable ?? existing.deletable },
		};
	}
	if (before.variables.length >= MAX_VARIABLES_PER_CONTACT) {
		return { ok: false, reason: 'variables_limit', max: MAX_VARIABLES_PER_CONTACT };
	}
	const id = Math.max(before.lastVariableId ?? 0, ...before.variables.map((variable) => variable.id)) + 1;
	const variable = { ...appended, id, name: write.name, value: write.value, type: 0 as const };
	return { ok: true, created: true, variable };
}

/** §11.5: by `id`, or by `name` when no `id` is sent (§14.8). */
export async function deleteVariable(
	models: Models,
	caller: Caller,
	contactId: number,
	choice: { id?: number | null; name?: string | null },
): Promise<{ ok: true } | VariableRefusal> {
	const match = choice.id != null ? { id: choice.id } : { name: choice.name as string };
	const before: VariablesOf | null = await contacts(models).findOneAndUpdate(
		ownLiveContact(caller, contactId),
		{ $pull: { variables: match } },
		{ returnDocument: 'before', projection: { variables: 1 } },
	);
	if (!before) return explain(models, caller, contactId);
	const byId = 'id' in match;
	const found = before.variables.some((variable) => (byId ? variable.id === match.id : variable.name === match.name));
	if (found) return { ok: true };
	return { ok: false, reason: byId ? 'variable_id_not_found' : 'variable_name_not_found' };
}

async function explain(models: Models, caller: Caller, contactId: number): Promise<VariableRefusal> {
	const contact = await models.contacts.findById(contactId, { ownerId: 1, deletedAt: 1 }).lean();
	// Matched nothing, yet the caller may use it: deleted in between.
	return refuseContact(caller, contact) ?? { ok: false, reason: 'contact_not_found' };
}
