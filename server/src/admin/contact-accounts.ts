/**
 * Admin side of contact accounts: blocking and unblocking (done on the contact card in the dashboard, §3)
 * and reading an account's journal (§2.3).
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

const accountNotFound = () => new ApiError(404, { error: 'Account not found.' });

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

const accountPath = { id: integerIdParam('Account') };

const accountNotFoundAnswer = { status: 404, when: 'No such account.', body: errorBody };

const blockingRoutes = (['block', 'unblock'] as const).map((action) =>
	adminRoute({
		name: `${action}Account`,
		verb: 'post',
		path: `/accounts/:id/${action}`,
		summary:
			action === 'block'
				? 'Blocks an account, as on the contact card in the dashboard (§3): debits are refused, top-ups still work.'
				: 'Unblocks an account.',
		params: accountPath,
		success: [{ status: 200, when: 'The account.', body: dataOf(contactAccountJson) }],
		refusals: [accountNotFoundAnswer],
		async handle({ deps: { models }, params: { id } }) {
			const account = await setContactAccountBlocked(models, id, action === 'block');
			if (!account) throw accountNotFound();
			return { status: 200, body: { data: presentContactAccount(account) } };
		},
	}),
);

export const contactAccountRoutes = [
	...blockingRoutes,
	adminRoute({
		name: 'getAccountJournal',
		verb: 'get',
		path: '/accounts/:id/journal',
		summary: "An account's journal, oldest first: every top-up and debit made through the API (§2.3).",
		params: accountPath,
		success: [{ status: 200, when: 'The journal.', body: dataOf(z.array(journalEntryJson)) }],
		refusals: [accountNotFoundAnswer],
		async handle({ deps: { models }, params: { id } }) {
			if (!(await models.contactAccounts.exists({ _id: id }))) throw accountNotFound();
			const entries = await readJournal(models, id);
			return { status: 200, body: { data: entries.map(presentJournalEntry) } };
		},
	}),
];
