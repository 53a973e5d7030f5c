/**
 * The rules of lists (§3, §4.3 to §4.8): ownership, targets, the per-project limit, and the writes that keep
 * a list and its records consistent. Handlers validate the input and present the result; everything else is here.
 */
import { Types } from 'mongoose';
import type { AuthenticatedUser } from '../../http/auth';
import { fieldError } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { pageOffset } from '../../http/pagination';
import type { Models } from '../../models';
import type { ListDoc } from '../../models/list';
import type { NewField } from './field-input';
import { listForbidden, listNotFound, listsLimitReached, targetMissing } from './list-errors';
import { listMessage } from './list-messages';

export const LISTS_PER_PROJECT = 5000;
export const LISTS_PER_PAGE = 50;

type Caller = Pick<AuthenticatedUser, '_id'>;

/** List IDs are ObjectId hex strings; anything else names no list. */
function listObjectId(schemaId: string): Types.ObjectId | undefined {
	return /^[0-9a-f]{24}$/i.test(schemaId) ? new Types.ObjectId(schemaId) : undefined;
}

/** The caller's list, or 404 when missing or malformed, 403 when someone else's (§4.4). */
export async function ownedList(models: Models, caller: Caller, schemaId: string, lang: Lang): Promise<ListDoc> {
	const id = listObjectId(schemaId);
	const list = id && (await models.lists.findById(id).lean<ListDoc>());
	if (!list) throw listNotFound(lang);
	if (!list.ownerId.equals(caller._id)) throw listForbidden(lang);
	return list;
}

/** One page of the lists of every project the caller owns, oldest first (§4.3). */
export async function listsPage(models: Models, caller: Caller, page: number): Promise<{ items: ListDoc[]; total: number }> {
	const filter = { ownerId: caller._id };
	const total = await models.lists.countDocuments(filter);
	const skip = pageOffset({ page, perPage: LISTS_PER_PAGE });
	// Past the last page there is nothing to read (and `skip` may be beyond what the database accepts).
	if (skip >= total) return { items: [], total };
	const items = await models.lists.find(filter).sort({ _id: 1 }).skip(skip).limit(LISTS_PER_PAGE).lean<ListDoc[]>();
	return { items, total };
}

export interface ListTarget {
	/** Wins over `projectUuid` when both are given (§4.5). */
	botId: number | null;
	projectUuid: string | null;
}

export interface NewList {
	name: string;
	isMenu: boolean;
	fields: NewField[];
}

async function requireOwnProject(models: Models, caller: Caller, uuid: string, via: 'bot_id' | 'project_uuid', lang: Lang) {
	const project = await models.projects.findOne({ uuid }, { ownerId: 1 }).lean();
	if (!project) throw targetMissing(lang, via);
	// Only the owner: an invited team member has no API access to the project (§1).
	if (!project.ownerId.equals(caller._id)) throw listForbidden(lang);
}

/** The project (and bot) a new list goes to: 422 when it does not exist, 403 when it is someone else's. */
async function resolveTarget(models: Models, caller: Caller, target: ListTarget, lang: Lang) {
	if (target.botId !== null) {
		const bot = await models.bots.findOne({ _id: target.botId, deletedAt: null }, { projectUuid: 1 }).lean();
		if (!bot) throw targetMissing(lang, 'bot_id');
		await requireOwnProject(models, caller, bot.projectUuid, 'bot_id', lang);
		return { projectUuid: bot.projectUuid, botId: bot._id };
	}
	// The input rules guarantee one of the two.
	const projectUuid = target.projectUuid as string;
	await requireOwnProject(models, caller, projectUuid, 'project_uuid', lang);
	return { projectUuid, botId: null };
}

/** Takes one of the project's list slots in a single conditional write, so parallel creates never pass the limit. */
async function reserveListSlot(models: Models, caller: Caller, projectUuid: string, lang: Lang) {
	const { matchedCount } = await models.projects.updateOne(
		{ uuid: projectUuid, ownerId: caller._id, listsCount: { $lt: LISTS_PER_PROJECT } },
		{ $inc: { listsCount: 1 } },
		{ timestamps: false },
	);
	if (matchedCount === 0) throw listsLimitReached(lang, LISTS_PER_PROJECT);
}

async function releaseListSlot(models: Models, projectUuid: string) {
	await models.projects.updateOne(
		{ uuid: projectUuid, listsCount: { $gt: 0 } },
		{ $inc: { listsCount: -1 } },
		{ timestamps: false },
	);
}

export async function createList(
	models: Models,
	caller: Caller,
	target: ListTarget,
	list: NewList,
	lang: Lang,
): Promise<ListDoc> {
	const { projectUuid, botId } = await resolveTarget(models, caller, target, lang);
	await reserveListSlot(models, caller, projectUuid, lang);
	try {
		const created = await models.lists.create({ ...list, projectUuid, botId, ownerId: caller._id });
		return created.toObject<ListDoc>();
	} catch (error) {
		await releaseListSlot(models, projectUuid);
		throw error;
	}
}

export async function deleteList(models: Models, caller: Caller, schemaId: string, lang: Lang): Promise<void> {
	const list = await ownedList(models, caller, schemaId, lang);
	const { deletedCount } = await models.lists.deleteOne({ _id: list._id });
	// A parallel delete got there first: from this caller's view the list is already missing.
	if (deletedCount === 0) throw listNotFound(lang);
	// The list goes first: its records are unreachable from then on, even if the writes below never happen.
	await models.listItems.deleteMany({ listId: list._id });
	await releaseListSlot(models, list.projectUuid);
}

const slugTaken = (lang: Lang) => fieldError(lang, 'field.slug', listMessage(lang, 'slug_taken', { attribute: 'field.slug' }));

/** Appends a field (§4.7). The slug check and the append are one write, so two parallel adds cannot both succeed. */
export async function addField(models: Models, caller: Caller, schemaId: string, field: NewField, lang: Lang): Promise<void> {
	const list = await ownedList(models, caller, schemaId, lang);
	const { matchedCount } = await models.lists.updateOne(
		{ _id: list._id, 'fields.slug': { $ne: field.slug } },
		{ $push: { fields: field } },
	);
	if (matchedCount === 0) {
		if (await models.lists.exists({ _id: list._id })) throw slugTaken(lang);
		throw listNotFound(lang);
	}
}

/** Removes a field and erases its values in every record of the list, irreversibly (§4.8). */
export async function deleteField(models: Models, caller: Caller, schemaId: string, slug: string, lang: Lang): Promise<void> {
	const list = await ownedList(models, caller, schemaId, lang);
	const field = list.fields.find((candidate) => candidate.slug === slug);
	if (!field) throw fieldError(lang, 'slug', listMessage(lang, 'slug_unknown', { attribute: 'slug' }));
	// The stored slug passed the slug charset (no `.` or `$`), so it is a safe path.
	const valuePath = `values.${field.slug}`;
	// Values first, then the definition: an interruption in between leaves a field without values, a state
	// records can be in anyway, never values without a field that would resurface if the slug were added again.
	await models.listItems.updateMany({ listId: list._id, [valuePath]: { $exists: true } }, { $unset: { [valuePath]: '' } });
	await models.lists.updateOne({ _id: list._id }, { $pull: { fields: { slug: field.slug } } });
}
