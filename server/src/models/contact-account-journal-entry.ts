/**
 * One line of a contact account's journal (§2.3): "Deposit via API" or "Debit via API" with its amount,
 * description and time. `_id` is the operation's ID from the account's `pendingOps`, which makes writing
 * an entry idempotent: a second write of the same operation is a duplicate key, never a second line.
 */
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { OPERATION_KINDS } from './contact-account';

const contactAccountJournalEntrySchema = new Schema(
	{
		_id: { type: Schema.Types.ObjectId, required: true },
		accountId: { type: Number, required: true },
		kind: { type: String, enum: OPERATION_KINDS, required: true },
		amount: { type: Number, required: true },
		description: { type: String, required: true },
		at: { type: Date, required: true },
	},
	{ versionKey: false },
);

contactAccountJournalEntrySchema.index({ accountId: 1, at: 1, _id: 1 });

export type ContactAccountJournalEntryDoc = InferSchemaType<typeof contactAccountJournalEntrySchema> & { _id: Types.ObjectId };

export const contactAccountJournalEntryModel = (db: Connection) =>
	db.model('AccountJournalEntry', contactAccountJournalEntrySchema, 'contact_account_journal');
