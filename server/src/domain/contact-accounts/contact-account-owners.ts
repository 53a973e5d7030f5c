/**
 * Accounts repeat their contact's owner and bot, and whether the contact is deleted (`models/contact-account.ts`).
 * Accounts opened by an earlier version of the server lack them; they are filled in before serving, from the
 * contacts (one read each, once).
 */
import type { StartupTask } from '../../database/startup-task';
import type { Models } from '../../models';

async function fillContactAccountOwners(models: Models): Promise<number> {
	let filled = 0;
	const accounts = models.contactAccounts
		.find({ ownerId: { $exists: false } }, { contactId: 1 })
		.lean<{ _id: number; contactId: number }>()
		.cursor();
	for await (const account of accounts) {
		const contact = await models.contacts.findById(account.contactId, { ownerId: 1, botId: 1, deletedAt: 1 }).lean();
		const owner = contact
			? { ownerId: contact.ownerId, botId: contact.botId, contactDeletedAt: contact.deletedAt }
			: // An account whose contact is gone stays unreachable: nobody owns it.
				{ ownerId: null, botId: null, contactDeletedAt: new Date() };
		await models.contactAccounts.updateOne({ _id: account._id }, { $set: owner }, { timestamps: false });
		filled += 1;
	}
	return filled;
}

export const contactAccountOwnersBackfill: StartupTask = {
	what: 'contact accounts given their contact’s owner',
	run: fillContactAccountOwners,
};
