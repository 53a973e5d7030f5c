/**
 * A contact of a bot (§2.4). `_id` is the integer contact ID of the API. `ownerId` repeats the bot's owner so
 * that exports filter and count without a join. `deletedAt` is set when the contact is deleted and when its bot
 * is (domain/contacts/delete-bot.ts): either way it is gone from the API (§7.3, §4.14).
 *
 * One live contact per messenger ID per bot: `messengerKey` is the messenger ID as a string while the contact
 * takes part in that uniqueness, and is unset when it is deleted, so a deleted contact never blocks a new one.
 * Preview contacts (a bot tested in preview) never carry it either: they are outside exports and lookups.
 * `messengerId` keeps the ID for display for as long as the contact exists.
 */
import { Schema, type Connection, type Types } from 'mongoose';

export const MESSENGERS = ['telegram', 'max', 'viber', 'vk', 'web'] as const;
export type Messenger = (typeof MESSENGERS)[number];

/** Variable types (§2.4): 0 text, 1 image, 2 document, 3 audio, 4 video. */
export const VARIABLE_TYPES = [0, 1, 2, 3, 4] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

export interface ContactVariable {
	id: number;
	name: string;
	value: string | null;
	type: VariableType;
	schemaId: string | null;
	deletable: boolean;
	payload: unknown;
}

/** A stored contact, as `lean()` reads it. */
export interface ContactDoc {
	_id: number;
	botId: number;
	ownerId: Types.ObjectId;
	messenger: Messenger;
	messengerId: string | null;
	messengerKey?: string;
	name: string;
	username: string | null;
	phone: string | null;
	email: string | null;
	address: string | null;
	avatar: string | null;
	tags: string[];
	variables: ContactVariable[];
	/** The highest variable ID the contact ever gave out, so that a deleted one is never reused (§11.1). */
	lastVariableId?: number;
	firstMessage: string | null;
	unsubscribedAt: Date | null;
	isPreview: boolean;
	deletedAt: Date | null;
	createdAt: Date;
}

const variableSchema = new Schema<ContactVariable>(
	{
		/** The variable's ID within its contact, from 1 (§2.4). */
		id: { type: Number, required: true },
		name: { type: String, required: true },
		value: { type: String, default: null },
		type: { type: Number, enum: VARIABLE_TYPES, required: true, default: 0 },
		schemaId: { type: String, default: null },
		deletable: { type: Boolean, required: true, default: true },
		payload: { type: Schema.Types.Mixed, default: null },
	},
	{ _id: false },
);

const contactSchema = new Schema<ContactDoc>(
	{
		_id: { type: Number, required: true },
		botId: { type: Number, required: true },
		ownerId: { type: Schema.Types.ObjectId, required: true },
		messenger: { type: String, enum: MESSENGERS, required: true },
		/** Telegram, MAX or VK user ID as decimal digits, or the Viber ID; null for website chats. */
		messengerId: { type: String, default: null },
		/** Equals `messengerId` while the contact holds its messenger ID in the bot (see above); otherwise absent. */
		messengerKey: { type: String },
		name: { type: String, required: true },
		/** Telegram or MAX username, without `@`. */
		username: { type: String, default: null },
		/** Digits only, no `+`. */
		phone: { type: String, default: null },
		email: { type: String, default: null },
		address: { type: String, default: null },
		avatar: { type: String, default: null },
		tags: { type: [String], default: [] },
		variables: { type: [variableSchema], default: [] },
		lastVariableId: { type: Number },
		firstMessage: { type: String, default: null },
		unsubscribedAt: { type: Date, default: null },
		isPreview: { type: Boolean, required: true, default: false },
		deletedAt: { type: Date, default: null },
		createdAt: { type: Date, required: true },
	},
	{ versionKey: false },
);

// `$exists` rather than `$type: 'string'`: MongoDB uses a partial index only for queries that imply its filter, and it
// infers `$exists: true` from an equality such as `{messengerKey: '42'}`, but never a `$type`.
contactSchema.index(
	{ botId: 1, messenger: 1, messengerKey: 1 },
	{ unique: true, partialFilterExpression: { messengerKey: { $exists: true } } },
);
// Exports and counts (§4.14, §4.15), equality first, then the sort or range field: the scope (the caller, or one bot
// and the caller, so that someone else's bot matches nothing without a look at the bot), the two exclusions
// (preview, deleted), then the ID order or the creation time.
contactSchema.index({ ownerId: 1, isPreview: 1, deletedAt: 1, _id: 1 });
contactSchema.index({ botId: 1, ownerId: 1, isPreview: 1, deletedAt: 1, _id: 1 });
contactSchema.index({ ownerId: 1, isPreview: 1, deletedAt: 1, createdAt: 1 });
contactSchema.index({ botId: 1, ownerId: 1, isPreview: 1, deletedAt: 1, createdAt: 1 });
// A bot's subscriber count (domain/contacts/subscribers.ts): every condition an index bound.
contactSchema.index({ botId: 1, isPreview: 1, deletedAt: 1, unsubscribedAt: 1 });

export const contactModel = (db: Connection) => db.model('Contact', contactSchema, 'contacts');
