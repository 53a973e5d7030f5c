/**
 * A project groups bots and lists. Only its owner reaches it through the API; invited team members
 * (`members`) do not (§1). `listIds` are the IDs of its lists, and what the 5000-lists limit (§4.5) is checked
 * against, race-safe (see domain/lists/list-slots.ts). Projects of an earlier version lack them in storage (a lean
 * read gives undefined) until they are filled (domain/lists/list-ids-backfill.ts).
 */
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

const projectSchema = new Schema(
	{
		uuid: { type: String, required: true, unique: true },
		name: { type: String, required: true },
		ownerId: { type: Schema.Types.ObjectId, required: true, index: true },
		members: { type: [Schema.Types.ObjectId], default: [] },
		listIds: { type: [Schema.Types.ObjectId], default: [] },
	},
	{ timestamps: true, versionKey: false },
);

export type ProjectDoc = InferSchemaType<typeof projectSchema> & { _id: Types.ObjectId };

export const projectModel = (db: Connection) => db.model('Project', projectSchema, 'projects');
