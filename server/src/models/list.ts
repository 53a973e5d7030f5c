/**
 * A list (schema, §2.1). `_id` is an ObjectId whose hex string is the API's list `id` / `schema_id`.
 * Fields are an array, not a map, because their order matters (§2.2) and slugs may look like integers,
 * which JS objects would move to the front. `ownerId` repeats the project's owner so that ownership
 * checks and `getListSchemas` need no join.
 */
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

export const FIELD_TYPES = ['string', 'number', 'bool', 'date', 'datetime', 'money', 'file', 'image', 'contact', 'bot'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

const listFieldSchema = new Schema(
	{
		slug: { type: String, required: true },
		name: { type: String, required: true },
		type: { type: String, enum: FIELD_TYPES, required: true },
		/** `money` fields only. */
		currency: { type: String },
		isRequired: { type: Boolean, required: true },
		isHidden: { type: Boolean, required: true },
		isEncryptable: { type: Boolean, required: true },
		/**
		 * Set while the field is being deleted (§4.8), to the deletion's own ID: the deletion then removes exactly
		 * this field, never one added again under the same slug. Such a field is hidden from reads.
		 */
		deletion: { type: Schema.Types.ObjectId },
	},
	{ _id: false },
);

const listSchema = new Schema(
	{
		name: { type: String, required: true },
		projectUuid: { type: String, required: true, index: true },
		ownerId: { type: Schema.Types.ObjectId, required: true },
		/** The bot the list was created through; null when created by project. */
		botId: { type: Number, default: null },
		/** Outdated flag, stored and returned, with no effect (§4.5). */
		isMenu: { type: Boolean, required: true, default: false },
		fields: { type: [listFieldSchema], default: [] },
	},
	{ timestamps: true, versionKey: false },
);

// getListSchemas: an owner's lists in a stable order.
listSchema.index({ ownerId: 1, _id: 1 });
// Lets start-up find the few lists with an interrupted field deletion without a collection scan.
listSchema.index({ 'fields.deletion': 1 }, { partialFilterExpression: { 'fields.deletion': { $exists: true } } });

/** A field definition as stored: a plain object (`currency` on `money` fields only). */
export type ListField = InferSchemaType<typeof listFieldSchema>;

export type ListDoc = Omit<InferSchemaType<typeof listSchema>, 'fields'> & { _id: Types.ObjectId; fields: ListField[] };

export const listModel = (db: Connection) => db.model('List', listSchema, 'lists');
