/**
 * Who may touch a contact's accounts (§7.3): a contact that does not exist, a deleted contact and a contact of a
 * deleted bot are not found; one of someone else's bot (including projects the caller was only invited to, §1)
 * is forbidden. Asked about an account, the refusal names the account.
 */
import type { Models } from '../../models';
import type { Caller } from '../caller';
import type { AccessRefusal } from './refusals';

/** Undefined when the caller may use the contact's accounts. */
export async function ownContact(
	models: Models,
	caller: Caller,
	contactId: number,
	subject: 'contact' | 'account' = 'contact',
): Promise<AccessRefusal | undefined> {
	const contact = await models.contacts.findOne({ _id: contactId, deletedAt: null }, { botId: 1 }).lean();
	const bot = contact && (await models.bots.findOne({ _id: contact.botId, deletedAt: null }, { ownerId: 1 }).lean());
	if (!bot) return { ok: false, reason: `${subject}_not_found` };
	if (!bot.ownerId.equals(caller._id)) return { ok: false, reason: `${subject}_forbidden` };
	return undefined;
}
