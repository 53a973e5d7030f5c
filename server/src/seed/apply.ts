/**
 * Writes a seed through the same models and domain rules as the admin API and the API (accounts are opened
 * and topped up as by addContactAccount and addFundsToContactAccount, so each balance is its journal).
 * Applying is "wipe, then write": the data becomes exactly the seed, so applying twice gives the same state.
 * IDs are the same every time too: the sequences start again from 1 (bots, contacts and accounts are numbered
 * in file order), and users and lists without an `id` get one derived from their place in the file.
 */
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { newContact } from '../contract/contacts/inputs';
import { openContactAccount, setContactAccountBlocked } from '../domain/contact-accounts/contact-accounts';
import { deposit } from '../domain/contact-accounts/balance';
import { insertContact } from '../domain/contacts/insert-contact';
import { createList } from '../domain/lists/lists';
import { nextSequence } from '../database/sequences';
import type { Database } from '../database/open';
import { hashApiKey } from '../domain/access/api-keys';
import type { Models } from '../models';
import { SeedError } from './load';
import type { Seed } from './schema';

/** The journal's description of a seeded balance. */
export const SEED_DEPOSIT_DESCRIPTION = 'Seed balance';

const derivedObjectId = (key: string) => new Types.ObjectId(createHash('sha256').update(key).digest().subarray(0, 12));

/**
 * Empties every collection of data (indexes stay); the rate windows (§8) live on the users and go with them. The
 * audit trail (the operators' changes, the reset among them) and the console's sessions are not data: they stay.
 */
export async function wipeData(database: Database): Promise<void> {
	const { auditEntries: _trail, consoleSessions: _sessions, ...data } = database.models;
	const models = Object.values(data) as unknown as { deleteMany(filter: object): Promise<unknown> }[];
	await Promise.all(models.map((model) => model.deleteMany({})));
}

/** Runs `write`, naming the seed entry in the error when it fails. */
async function writing<T>(where: string, write: () => Promise<T>): Promise<T> {
	try {
		return await write();
	} catch (error) {
		throw new SeedError(`SEED_FILE ${where}: could not be written: ${(error as Error).message}`);
	}
}

function refused(where: string, outcome: { ok: false; reason: string }): never {
	throw new SeedError(`SEED_FILE ${where}: refused (${outcome.reason})`);
}

async function writeSeed(models: Models, seed: Seed): Promise<void> {
	const userIds = new Map<string, Types.ObjectId>();
	for (const [i, user] of seed.users.entries()) {
		const _id = user.id ? new Types.ObjectId(user.id) : derivedObjectId(`users:${user.email.toLowerCase()}`);
		userIds.set(user.email.toLowerCase(), _id);
		await writing(`users[${i}]`, () =>
			models.users.create({
				_id,
				name: user.name,
				email: user.email,
				plan: user.plan,
				blocked: user.blocked,
				apiKeyHash: hashApiKey(user.api_key),
			}),
		);
	}
	const userId = (email: string) => userIds.get(email.toLowerCase()) as Types.ObjectId;

	const owners = new Map<string, Types.ObjectId>();
	for (const [i, project] of seed.projects.entries()) {
		owners.set(project.uuid, userId(project.owner));
		await writing(`projects[${i}]`, () =>
			models.projects.create({
				uuid: project.uuid,
				name: project.name,
				ownerId: userId(project.owner),
				members: [...new Set(project.members.map((member) => userId(member).toHexString()))],
			}),
		);
	}

	const botOwners: Types.ObjectId[] = [];
	for (const [i, bot] of seed.bots.entries()) {
		const ownerId = owners.get(bot.project_uuid) as Types.ObjectId;
		botOwners.push(ownerId);
		await writing(`bots[${i}]`, async () =>
			models.bots.create({ _id: await nextSequence(models, 'bots'), name: bot.name, projectUuid: bot.project_uuid, ownerId }),
		);
	}

	for (const [i, { contact, accounts }] of seed.contacts.entries()) {
		const owner = { _id: botOwners[contact.bot_id - 1] };
		const stored = await writing(`contacts[${i}]`, () =>
			insertContact(models, newContact(contact, { _id: contact.bot_id, ownerId: owner._id })),
		);
		for (const [a, account] of accounts.entries()) {
			const where = `contacts[${i}].accounts[${a}]`;
			const opened = await writing(where, () => openContactAccount(models, owner, stored._id, account.currency));
			if (!opened.ok) refused(where, opened);
			if (account.balance > 0) {
				const movement = { accountId: opened.account._id, amount: account.balance, description: SEED_DEPOSIT_DESCRIPTION };
				const moved = await writing(where, () => deposit(models, owner, movement));
				if (!moved.ok) refused(where, moved);
			}
			if (account.blocked) await writing(where, () => setContactAccountBlocked(models, opened.account._id, true));
		}
	}

	for (const [i, { id, list, items }] of seed.lists.entries()) {
		const where = `lists[${i}]`;
		const botId = list.bot_id ?? null;
		const owner = { _id: botId !== null ? botOwners[botId - 1] : (owners.get(list.project_uuid as string) as Types.ObjectId) };
		const target = { botId, projectUuid: list.project_uuid ?? null };
		const _id = id ? new Types.ObjectId(id) : derivedObjectId(`lists:${i}`);
		const created = await writing(where, () =>
			createList(models, owner, target, { _id, name: list.name, isMenu: list.is_menu, fields: list.fields }),
		);
		if (!created.ok) refused(where, created);
		for (const [r, values] of items.entries()) {
			await writing(`${where}.items[${r}]`, () => models.listItems.create({ listId: _id, values }));
		}
	}
}

/** Makes the data exactly `seed` (or empty without one). */
export async function resetToSeed(database: Database, seed: Seed | undefined): Promise<void> {
	await wipeData(database);
	if (seed) await writeSeed(database.models, seed);
}
