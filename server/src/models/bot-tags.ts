/**
 * The tags of one bot (§10.1), one document per bot: `_id` is the bot ID. A contact's `tags` (models/contact.ts)
 * holds names; every name there is defined here, with an integer ID (domain/tags/bot-tags.ts).
 *
 * One document rather than one per tag: a new tag is added in one atomic update that also numbers it, so parallel
 * attaches of one new name make one tag and no ID sequence costs a command. `ownerId` repeats the bot's owner, so
 * that a read of the caller's bot tags needs no look at the bot.
 */
import { Schema, type Connection, type Types } from 'mongoose';

export interface BotTag {
	/** Unique across bots: `botId * TAG_ID_STRIDE + n`, n from 1 in the order the tags were made. */
	id: number;
	name: string;
}

export interface BotTagsDoc {
	_id: number;
	ownerId: Types.ObjectId;
	tags: BotTag[];
}

const botTagsSchema = new Schema<BotTagsDoc>(
	{
		_id: { type: Number, required: true },
		ownerId: { type: Schema.Types.ObjectId, required: true },
		tags: { type: [new Schema<BotTag>({ id: Number, name: String }, { _id: false })], default: [] },
	},
	{ versionKey: false },
);

export const botTagsModel = (db: Connection) => db.model('BotTags', botTagsSchema, 'bot_tags');
