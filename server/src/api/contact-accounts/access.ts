/**
 * Who may touch a contact's accounts (§7.3): 404 when the contact or account does not exist, the contact is
 * deleted or its bot is deleted; 403 when the bot belongs to someone else (including projects the caller was
 * only invited to, §1).
 */
import { findAccount, type Account } from '../../domain/contact-accounts/accounts';
import { forbidden, notFound } from '../../http/errors';
import type { MethodContext } from '../../http/api-method';
import { accountMessage } from './messages';

export type AccountContext = Pick<MethodContext, 'models' | 'user' | 'lang'>;

async function requireOwnContact(
	{ models, user, lang }: AccountContext,
	contactId: number,
	subject: 'contact' | 'account',
): Promise<void> {
	const contact = await models.contacts.findOne({ _id: contactId, deletedAt: null }, { botId: 1 }).lean();
	const bot = contact && (await models.bots.findOne({ _id: contact.botId, deletedAt: null }, { ownerId: 1 }).lean());
	if (!bot) throw notFound(accountMessage(lang, `${subject}_not_found`));
	if (!bot.ownerId.equals(user._id)) throw forbidden(accountMessage(lang, `${subject}_forbidden`));
}

export async function requireOwnContactById(ctx: AccountContext, contactId: number): Promise<void> {
	await requireOwnContact(ctx, contactId, 'contact');
}

export async function requireOwnAccount(ctx: AccountContext, accountId: number): Promise<Account> {
	const account = await findAccount(ctx.models, accountId);
	if (!account) throw notFound(accountMessage(ctx.lang, 'account_not_found'));
	await requireOwnContact(ctx, account.contactId, 'account');
	return account;
}
