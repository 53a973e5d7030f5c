/**
 * Deleting a bot (admin): its contacts and their accounts go with it (§7.3: 404 for a contact of a deleted bot;
 * §4.14: none of its contacts in exports or counts). The deletion is written onto each contact (`deletedAt`) and
 * account (`contactDeletedAt`), so that exports, counts and account calls need no look at the bot.
 *
 * Three writes, in this order: the bot, its contacts, their accounts. A process dying after the first leaves
 * contacts of a deleted bot in sight; `deletedBotsRecovery` hides them before the next start serves.
 */
import type { StartupTask } from '../../database/startup-task';
import type { Models } from '../../models';
import { hideContactAccountsOfContacts } from './delete-contact';

/** False when there is no such live bot. */
export async function deleteBot(models: Models, botId: number): Promise<boolean> {
	const at = new Date();
	const { matchedCount } = await models.bots.updateOne({ _id: botId, deletedAt: null }, { $set: { deletedAt: at } });
	if (matchedCount === 0) return false;
	await hideContactsOfBots(models, [botId], at);
	return true;
}

async function hideContactsOfBots(models: Models, botIds: number[], at: Date): Promise<number> {
	const { modifiedCount } = await models.contacts.updateMany(
		{ botId: { $in: botIds }, deletedAt: null },
		{ $set: { deletedAt: at }, $unset: { messengerKey: 1 } },
	);
	await hideContactAccountsOfContacts(models, { botId: { $in: botIds } }, at);
	return modifiedCount;
}

/** Hides what a deletion interrupted by a crash left in sight. Returns how many contacts it hid. */
async function hideContactsOfDeletedBots(models: Models): Promise<number> {
	const deleted = await models.bots.find({ deletedAt: { $ne: null } }, { _id: 1 }).lean<{ _id: number }[]>();
	return deleted.length === 0
		? 0
		: hideContactsOfBots(
				models,
				deleted.map((bot) => bot._id),
				new Date(),
			);
}

export const deletedBotsRecovery: StartupTask = {
	what: 'contacts of deleted bots hidden',
	run: hideContactsOfDeletedBots,
};
