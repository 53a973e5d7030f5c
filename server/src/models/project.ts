/**
 * A project groups bots and lists. Only its owner reaches it through the API; invited team members
 * (`members`) do not (§1). `listsCount` is the race-safe counter behind the 5000-lists limit (§4.5).
 */
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

const projectSchema = new Schema(
	{
		uuid: { type: String, required: true, unique: true },
		name: { type: String, required: true },
		ownerId: { type: Schema.Types.ObjectId, required: true, index: true },
		members: { type: [Schema.Types.ObjectId], default: [] },
		listsCount: { type: Number, required: true, default: 0 },
	},
	{ timestamps: true, versionKey: false },
);

export type ProjectDoc = InferSchemaType<typeof projectSchema> & { _id: Types.ObjectId };

export const projectModel = (db: Connection) => db.model('Project', projectSchema, 'projects');
