/**
 * Admin side of contact accounts: blocking and unblocking (done on the contact card in the dashboard, §3)
 * and reading an account's journal (§2.3).
 */
import { Router, type Request } from 'express';
import { setAccountBlocked } from '../domain/contact-accounts/accounts';
import { JOURNAL_LABELS, readJournal } from '../domain/contact-accounts/journal';
import { presentAccount } from '../contract/contact-accounts/presenter';
import { ApiError } from '../http/errors';
import { isoWithOffset } from '../contract/timestamps';
import type { Models } from '../models';
import type { AccountJournalEntryDoc } from '../models/account-journal-entry';
import { integerParam } from './params';
import { adminRoute } from './route';

const accountNotFound = () => new ApiError(404, { error: 'Account not found.' });

const accountIdOf = (req: Request) => integerParam(req.params.id as string, 'Account');

/** `amount` is signed (debits negative), so the balance is the plain sum of the journal's amounts. */
function presentJournalEntry(entry: AccountJournalEntryDoc) {
	return {
		id: entry._id.toHexString(),
		operation: JOURNAL_LABELS[entry.kind],
		kind: entry.kind,
		amount: entry.kind === 'debit' ? -entry.amount : entry.amount,
		description: entry.description,
		created_at: isoWithOffset(entry.at),
	};
}

export function contactAccountsAdmin(models: Models): Router {
	const router = Router();

	for (const [action, blocked] of [
		['block', true],
		['unblock', false],
	] as const) {
		router.post(
			`/accounts/:id/${action}`,
			adminRoute(async (req) => {
				const account = await setAccountBlocked(models, accountIdOf(req), blocked);
				if (!account) throw accountNotFound();
				return { status: 200, body: { data: presentAccount(account) } };
			}),
		);
	}

	router.get(
		'/accounts/:id/journal',
		adminRoute(async (req) => {
			const accountId = accountIdOf(req);
			if (!(await models.contactAccounts.exists({ _id: accountId }))) throw accountNotFound();
			const entries = await readJournal(models, accountId);
			return { status: 200, body: { data: entries.map(presentJournalEntry) } };
		}),
	);

	return router;
}
