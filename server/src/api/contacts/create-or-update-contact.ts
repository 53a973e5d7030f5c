/**
 * createOrUpdateContact (§4.16): finds the contact in the caller's bot by the chosen messenger's ID and updates
 * it (200), or creates it (201).
 */
import { z } from 'zod';
import {
	contactFieldsInput,
	messengerIdOf,
	messengerUserId,
	requireMessengerId,
	usernameOf,
	type MessengerIdFields,
} from '../../contract/contacts/inputs';
import { contactJson } from '../../contract/contacts/outputs';
import { presentContact } from '../../contract/contacts/presenter';
import { createOrUpdateContact } from '../../domain/contacts/create-or-update-contact';
import { integer } from '../../contract/kit/validation';
import { dataOf } from '../../http/answers';
import { apiMethod, created, GET_AND_POST, ok } from '../api-method';
import { contactAnswers } from './answers';

/** Website chats (`web`) exist, but contacts are created through the API only for messengers (§4.16). */
const API_MESSENGERS = ['telegram', 'max', 'viber', 'vk'] as const;

/** createOrUpdateContact's names for each messenger's ID: `max_user_id` and `vk_user_id` are aliases (§9). */
const API_ID_FIELDS: MessengerIdFields = {
	telegram: ['telegram_id'],
	max: ['max_id', 'max_user_id'],
	vk: ['vk_id', 'vk_user_id'],
	viber: ['viber_id'],
};

/** When both names of an ID are sent, the documented one wins. */
const createOrUpdateContactInput = z
	.object({
		bot_id: integer().meta({ description: "One of the key holder's bots." }),
		messenger: z.enum(API_MESSENGERS),
		...contactFieldsInput(),
		max_user_id: messengerUserId().nullish().meta({ description: 'Alias of `max_id` (§9); `max_id` wins when both are sent.' }),
		vk_user_id: messengerUserId().nullish().meta({ description: 'Alias of `vk_id` (§9); `vk_id` wins when both are sent.' }),
	})
	.superRefine(requireMessengerId(API_ID_FIELDS), { when: () => true });

export const createOrUpdateContactMethod = apiMethod({
	name: 'createOrUpdateContact',
	verbs: GET_AND_POST,
	summary: "Creates a contact in a bot, or updates the one with the same messenger ID; the bot's scenario is not started.",
	section: '§4.16',
	input: createOrUpdateContactInput,
	example: {
		bot_id: 1,
		messenger: 'telegram',
		telegram_id: 123456789,
		name: 'Bob',
		phone: '+15551234567',
		email: 'bob@example.com',
		tags: ['vip'],
	},
	success: [
		{ status: 200, when: 'An existing contact was updated.', body: dataOf(contactJson) },
		{ status: 201, when: 'The contact was created.', body: dataOf(contactJson) },
	],
	refusals: contactAnswers.for('bot_not_found'),
	commands: { cases: { update: { count: 2, budget: 4 }, create: { count: 5, budget: 6 } } },
	async handle({ lang, models, user }, input) {
		// Validation has made sure that the chosen messenger's ID is present.
		const messengerId = messengerIdOf(input.messenger, input, API_ID_FIELDS) as string;
		const outcome = await createOrUpdateContact(
			models,
			user,
			{ botId: input.bot_id, messenger: input.messenger, messengerId },
			{
				name: input.name,
				username: usernameOf(input.messenger, input),
				phone: input.phone,
				email: input.email,
				address: input.address,
				tags: input.tags,
			},
		);
		if (!outcome.ok) throw contactAnswers.error(lang, outcome);
		return (outcome.created ? created : ok)({ data: presentContact(outcome.contact) });
	},
});
