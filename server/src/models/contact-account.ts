/**
 * A contact's balance in one currency (§2.3). `_id` is the integer `account_id` of the API; `amount` is an
 * integer in minor units. The unique {contactId, currency} index is what enforces one account per currency
 * per contact, also against parallel requests (§4.10).
 *
 * `ownerId` and `botId` repeat the contact's, and `contactDeletedAt` is set when the contact (or its bot) is
 * deleted, so that a money movement checks access in the same conditional update that moves the money (§7.3),
 * without reading the contact first.
 *
 * `pendingOps` holds the balance changes whose journal entries may not be written yet: the change and its
 * pending entry are one atomic document update, so the balance always equals the journal plus this list
 * (see domain/contact-accounts/journal.ts).
 */
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const OPERATION_KINDS = ['deposit', 'debit'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

const pendingOperationSchema = new Schema(
	{
		_id: { type: Schema.Types.ObjectId, required: true },
		kind: { type: String, enum: OPERATION_KINDS, required: true },
		amount: { type: Number, required: true },
		description: { type: String, required: true },
		at: { type: Date, required: true },
	},
	{ versionKey: false },
);

const contactAccountSchema = new Schema(
	{
		_id: { type: Number, required: true },
		contactId: { type: Number, required: true },
		ownerId: { type: Schema.Types.ObjectId, required: true },
		botId: { type: Number, required: true },
		contactDeletedAt: { type: Date, default: null },
		currency: { type: String, required: true },
		amount: { type: Number, required: true, default: 0 },
		blockedAt: { type: Date, default: null },
		pendingOps: { type: [pendingOperationSchema], default: [] },
	},
	{ timestamps: true, versionKey: false },
);

contactAccountSchema.index({ contactId: 1, currency: 1 }, { unique: true });
// Lets the start-up reconciler find the few accounts with unsettled operations without a collection scan.
contactAccountSchema.index({ 'pendingOps._id': 1 });

export type ContactAccountDoc = InferSchemaType<typeof contactAccountSchema>;
export type PendingOperation = InferSchemaType<typeof pendingOperationSchema>;

export const contactAccountModel = (db: Connection) => db.model('ContactAccount', contactAccountSchema, 'contact_accounts');
