/**
 * Admin side of contact accounts: blocking and unblocking (done on the contact card in the dashboard, §3)
 * and reading a contact account's journal (§2.3). The routes were under `/accounts` before "account" came to mean
 * the user; that path is still served (`formerPath`).
 */
import { z } from 'zod';
import { setContactAccountBlocked } from '../domain/contact-accounts/contact-accounts';
import { JOURNAL_LABELS, readJournal } from '../domain/contact-accounts/journal';
import { contactAccountJson } from '../contract/contact-accounts/outputs';
import { presentContactAccount } from '../contract/contact-accounts/presenter';
import { isoWithOffset, isoWithOffsetJson } from '../contract/timestamps';
import { dataOf, errorBody } from '../http/answers';
import { ApiError } from '../http/errors';
import type { ContactAccountJournalEntryDoc } from '../models/contact-account-journal-entry';
import { integerIdParam } from './params';
import { adminRoute } from './route';

const contactAccountNotFound = () => new ApiError(404, { error: 'Contact account not found.' });

/** `amount` is signed (debits negative), so the balance is the plain sum of the journal's amounts. */
function presentJournalEntry(entry: ContactAccountJournalEntryDoc) {
	return {
		id: entry._id.toHexString(),
		operation: JOURNAL_LABELS[entry.kind],
		kind: entry.kind,
		amount: entry.kind === 'debit' ? -entry.amount : entry.amount,
		description: entry.description,
		created_at: isoWithOffset(entry.at),
	};
}

const journalEntryJson = z
	.object({
		id: z.string(),
		operation: z.enum(Object.values(JOURNAL_LABELS) as [string, ...string[]]),
		kind: z.enum(Object.keys(JOURNAL_LABELS) as [string, ...string[]]),
		amount: z.int().meta({ description: 'Minor units, signed: debits are negative.' }),
		description: z.string(),
		created_at: isoWithOffsetJson(),
	})
	.meta({ id: 'AdminJournalEntry' });

const contactAccountPath = { id: integerIdParam('Contact account') };

const contactAccountNotFoundAnswer = { status: 404, when: 'No such contact account.', body: errorBody };

const blockingRoutes = (['block', 'unblock'] as const).map((action) =>
	adminRoute({
		name: `${action}ContactAccount`,
		verb: 'post',
		path: `/contact-accounts/:id/${action}`,
		formerPath: `/accounts/:id/${action}`,
		summary:
			action === 'block'
				? 'Blocks a contact account (§3): debits are refused, top-ups still work.'
				: 'Unblocks a contact account.',
		params: contactAccountPath,
		success: [{ status: 200, when: 'The contact account.', body: dataOf(contactAccountJson) }],
		refusals: [contactAccountNotFoundAnswer],
		async handle({ deps: { models }, params: { id } }) {
			const contactAccount = await setContactAccountBlocked(models, id, action === 'block');
			if (!contactAccount) throw contactAccountNotFound();
			return { status: 200, body: { data: presentContactAccount(contactAccount) } };
		},
	}),
);

export const contactAccountRoutes = [
	...blockingRoutes,
	adminRoute({
		name: 'getContactAccountJournal',
		verb: 'get',
		path: '/contact-accounts/:id/journal',
		formerPath: '/accounts/:id/journal',
		summary: "A contact account's journal, oldest first: its top-ups and debits made through the API (§2.3).",
		params: contactAccountPath,
		success: [{ status: 200, when: 'The journal.', body: dataOf(z.array(journalEntryJson)) }],
		refusals: [contactAccountNotFoundAnswer],
		async handle({ deps: { models }, params: { id } }) {
			if (!(await models.contactAccounts.exists({ _id: id }))) throw contactAccountNotFound();
			const entries = await readJournal(models, id);
			return { status: 200, body: { data: entries.map(presentJournalEntry) } };
		},
	}),
];
