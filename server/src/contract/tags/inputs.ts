/**
 * What the tag methods' parameters (§10.3 to §10.6) share; each method declares its own in its file, and attach and
 * detach share theirs. Only plain values pass, so operator objects never reach a query.
 */
import { z } from 'zod';
import { MAX_TAG_NAME } from '../../domain/tags/limits';
import { integer, text } from '../kit/validation';
import { eitherOf } from '../kit/one-of';

export const contactId = () => integer({ min: 1 }).meta({ description: 'The contact ID.' });

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
