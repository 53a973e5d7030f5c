/** Parameters of the tag methods (§10.3 to §10.6). Only plain values pass, so operator objects never reach a query. */
import { z } from 'zod';
import { MAX_TAG_NAME } from '../../domain/tags/limits';
import { integer, text } from '../kit/validation';
import { eitherOf } from '../kit/one-of';

const contactId = () => integer({ min: 1 }).meta({ description: 'The contact ID.' });

/** §10.3 */
export const getBotTagsInput = z.object({
	bot_id: integer({ min: 1 }).meta({ description: "One of the key holder's bots: the number in the bot's address." }),
});

/** §10.4, §14.3: `contact_id` only. */
export const getContactTagsInput = z.object({ contact_id: contactId() });

/** §10.5, §10.6, §14.4: the tag by `tag_id` or by `name`; `tag_id` wins when both are sent. */
export const tagOfContactInput = z
	.object({
		contact_id: contactId(),
		tag_id: integer({ min: 1 })
			.nullish()
			.meta({ description: "A tag of the contact's bot (IDs: admin API and seed file). Required without `name`; wins over it." }),
		name: text(MAX_TAG_NAME).nullish().meta({
			description: 'The tag name, up to 255 characters. Required without `tag_id`. Attaching a name the bot lacks makes the tag.',
		}),
	})
	.superRefine(...eitherOf('tag_id', 'name'));
