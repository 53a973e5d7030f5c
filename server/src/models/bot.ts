/**
 * A chatbot in a project. `_id` is the integer `bot_id` of the API. `ownerId` repeats the project's owner
 * so that ownership checks and contact queries need no join. A deleted bot keeps its document with
 * `deletedAt` set, so that its contacts and accounts answer 404 rather than vanish silently (§7.3).
 */
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

const botSchema = new Schema(
	{
		_id: { type: Number, required: true },
		name: { type: String, required: true },
		projectUuid: { type: String, required: true, index: true },
		ownerId: { type: Schema.Types.ObjectId, required: true, index: true },
		deletedAt: { type: Date, default: null },
	},
	{ timestamps: true, versionKey: false },
);

export type BotDoc = InferSchemaType<typeof botSchema>;

export const botModel = (db: Connection) => db.model('Bot', botSchema, 'bots');
