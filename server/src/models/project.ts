/**
 * A project groups bots and lists. Only its owner reaches it through the API; invited team members
 * (`members`) do not (§1). `listsCount` is the race-safe counter behind the 5000-lists limit (§4.5);
 * `pendingLists` names the lists being created or deleted, whose slot in it is not settled yet
 * (see domain/lists/list-slots.ts).
 */
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

const pendingListSchema = new Schema(
	{ _id: { type: Schema.Types.ObjectId, required: true }, at: { type: Date, required: true } },
	{ versionKey: false },
);

const projectSchema = new Schema(
	{
		uuid: { type: String, required: true, unique: true },
		name: { type: String, required: true },
		ownerId: { type: Schema.Types.ObjectId, required: true, index: true },
		members: { type: [Schema.Types.ObjectId], default: [] },
		listsCount: { type: Number, required: true, default: 0 },
		pendingLists: { type: [pendingListSchema], default: [] },
	},
	{ timestamps: true, versionKey: false },
);

// Lets the start-up settlement find the few projects with unsettled slots without a collection scan.
projectSchema.index({ 'pendingLists._id': 1 });

export type ProjectDoc = InferSchemaType<typeof projectSchema> & { _id: Types.ObjectId };

export const projectModel = (db: Connection) => db.model('Project', projectSchema, 'projects');
