/**
 * The account journal (§2.3) and how it stays equal to the balance.
 *
 * A balance change and its journal entry live in two collections, and a process can die between two writes.
 * So the change is made as ONE atomic update of the account document that both moves `amount` and appends
 * the operation (ID, kind, amount, description, time) to the account's `pendingOps`. From that instant the
 * invariant "balance = sum of the journal + sum of pendingOps" holds, whatever happens next. Settling then
 * inserts the journal entry under the operation's ID (a unique `_id`, so a repeat is a harmless duplicate
 * key) and pulls the operation from `pendingOps`. If the process dies in between, the operation simply stays
 * pending: `settlePendingOperations` finishes it before the journal is read, and `settleAllPendingOperations`
 * at start-up finishes everything left by a crash. Settling is idempotent, so several processes may settle the
 * same operation at once.
 */
import { Types } from 'mongoose';
import { isDuplicateKeyError } from '../../database/duplicate-key';
import type { StartupTask } from '../../database/startup-task';
import type { Models } from '../../models';
import type { ContactAccountJournalEntryDoc } from '../../models/contact-account-journal-entry';
import type { OperationKind } from '../../models/contact-account';

export const JOURNAL_LABELS: Record<OperationKind, string> = {
	deposit: 'Deposit via API',
	debit: 'Debit via API',
};

export interface Operation {
	_id: Types.ObjectId;
	kind: OperationKind;
	amount: number;
	description: string;
	at: Date;
}

export function newOperation(kind: OperationKind, amount: number, description: string): Operation {
	return { _id: new Types.ObjectId(), kind, amount, description, at: new Date() };
}

/** Writes the operation's journal entry (once, whoever comes first) and drops it from the account's pending list. */
export async function settleOperation(models: Models, accountId: number, operation: Operation): Promise<void> {
	try {
		await models.contactAccountJournal.create({ ...operation, accountId });
	} catch (error) {
		if (!isDuplicateKeyError(error)) throw error;
	}
	// Settling is bookkeeping, not a change of the account: `updated_at` stays as the operation set it.
	await models.contactAccounts.updateOne(
		{ _id: accountId },
		{ $pull: { pendingOps: { _id: operation._id } } },
		{ timestamps: false },
	);
}

async function settleAll(models: Models, accountId: number, operations: readonly Operation[]): Promise<void> {
	for (const operation of operations) await settleOperation(models, accountId, operation);
}

/** Finishes the operations of one account whose journal entries may be missing. */
export async function settlePendingOperations(models: Models, accountId: number): Promise<void> {
	const account = await models.contactAccounts.findById(accountId, { pendingOps: 1 }).lean<{ pendingOps: Operation[] }>();
	if (account) await settleAll(models, accountId, account.pendingOps);
}

/** Start-up recovery: finishes every operation left pending by a process that died. Returns how many there were. */
async function settleAllPendingOperations(models: Models): Promise<number> {
	let settled = 0;
	const accounts = models.contactAccounts
		.find({ 'pendingOps._id': { $type: 'objectId' } }, { pendingOps: 1 })
		.lean<{ _id: number; pendingOps: Operation[] }>()
		.cursor();
	for await (const account of accounts) {
		await settleAll(models, account._id, account.pendingOps);
		settled += account.pendingOps.length;
	}
	return settled;
}

/** The account's journal, oldest first, complete up to this call. */
export async function readJournal(models: Models, accountId: number): Promise<ContactAccountJournalEntryDoc[]> {
	await settlePendingOperations(models, accountId);
	return models.contactAccountJournal.find({ accountId }).sort({ at: 1, _id: 1 }).lean<ContactAccountJournalEntryDoc[]>();
}

/** Balance changes whose journal entries a crashed process left unwritten are journaled before serving. */
export const journalRecovery: StartupTask = {
	what: 'interrupted journal entries of contact accounts settled',
	run: settleAllPendingOperations,
};
