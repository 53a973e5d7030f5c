/**
 * The tags a bot defines (§10.1): made when a contact first gets a name the bot lacks (attachTagToContact by name,
 * createOrUpdateContact's `tags`, the admin API and seed files), never removed by a detach (§10.2: our choice).
 *
 * `ensureBotTags` is one atomic update of the bot's document (models/bot-tags.ts): names it lacks are appended and
 * numbered in the same update, so parallel calls with one new name make one tag with one ID, also from two server
 * instances. The document is made by the first such update (an upsert); two first upserts can race on the unique
 * `_id`, and the loser repeats its update on the winner's document.
 */
import type { mongo, Types } from 'mongoose';
import { isDuplicateKeyError } from '../../database/duplicate-key';
import type { Models } from '../../models';
import type { BotTag, BotTagsDoc } from '../../models/bot-tags';
import { MAX_TAGS_PER_BOT, TAG_ID_STRIDE } from './limits';

export interface BotOwner {
	botId: number;
	ownerId: Types.ObjectId;
}

/**
 * Defines every name of `names` in the bot; returns the bot's tags after. A name missing from the answer did not
 * fit under MAX_TAGS_PER_BOT. Names go in as `$literal`, so a name such as `$x` is a name and not a field path.
 */
export async function ensureBotTags(models: Models, { botId, ownerId }: BotOwner, names: readonly string[]): Promise<BotTag[]> {
	const append = {
		$reduce: {
			input: { $literal: names },
			initialValue: { $ifNull: ['$tags', []] },
			in: {
				$cond: [
					{ $or: [{ $in: ['$$this', '$$value.name'] }, { $gte: [{ $size: '$$value' }, MAX_TAGS_PER_BOT] }] },
					'$$value',
					{
						$concatArrays: ['$$value', [{ id: { $add: [botId * TAG_ID_STRIDE + 1, { $size: '$$value' }] }, name: '$$this' }]],
					},
				],
			},
		},
	};
	const update = () =>
		(models.botTags.collection as unknown as mongo.Collection<BotTagsDoc>).findOneAndUpdate(
			{ _id: botId },
			[{ $set: { ownerId: { $ifNull: ['$ownerId', ownerId] }, tags: append } }],
			{ upsert: true, returnDocument: 'after', projection: { tags: 1 } },
		);
	try {
		return (await update())?.tags ?? [];
	} catch (error) {
		if (!isDuplicateKeyError(error)) throw error;
		return (await update())?.tags ?? [];
	}
}

/** The bot's tags in the order they were made (an empty list for a bot that has none yet). */
export async function botTagsOf(models: Models, botId: number): Promise<BotTag[]> {
	const doc = await models.botTags.findById(botId, { tags: 1 }).lean<Pick<BotTagsDoc, 'tags'>>();
	return doc?.tags ?? [];
}
