/**
 * createOrUpdateContact (§4.16): finds the contact in the caller's bot by the chosen messenger's ID and updates
 * it (200), or creates it (201). `max_user_id` and `vk_user_id` are aliases of `max_id` and `vk_id` (§9); when
 * both names are sent, the documented one wins.
 */
import { z } from 'zod';
import { createOrUpdateContact } from '../../domain/contacts/create-or-update-contact';
import {
	contactFieldsInput,
	messengerIdOf,
	messengerUserId,
	requireMessengerId,
	usernameOf,
	type MessengerIdFields,
} from '../../domain/contacts/field-rules';
import { presentContact } from '../../domain/contacts/present-contact';
import { created, GET_AND_POST, ok, type ApiMethod } from '../../http/api-method';
import { ApiError } from '../../http/errors';
import { integer, validate } from '../../http/validation';
import { contactsMessage } from './messages';

/** Website chats (`web`) exist, but contacts are created through the API only for messengers. */
const API_MESSENGERS = ['telegram', 'max', 'viber', 'vk'] as const;

const ID_FIELDS: MessengerIdFields = {
	telegram: ['telegram_id'],
	max: ['max_id', 'max_user_id'],
	vk: ['vk_id', 'vk_user_id'],
	viber: ['viber_id'],
};

const input = z
	.object({
		bot_id: integer(),
		messenger: z.enum(API_MESSENGERS),
		...contactFieldsInput(),
		max_user_id: messengerUserId().nullish(),
		vk_user_id: messengerUserId().nullish(),
	})
	.superRefine(requireMessengerId(ID_FIELDS), { when: () => true });

export const createOrUpdateContactMethod: ApiMethod = {
	name: 'createOrUpdateContact',
	verbs: GET_AND_POST,
	async handle({ params, lang, models, user }) {
		const fields = validate(input, params, lang);
		const bot = await models.bots.findOne({ _id: fields.bot_id, ownerId: user._id, deletedAt: null }, { ownerId: 1 }).lean();
		if (!bot) {
			const message = contactsMessage(lang, 'bot_not_found');
			throw new ApiError(404, { message, errors: { bot_id: [message] } });
		}
		// Validation has made sure that the chosen messenger's ID is present.
		const messengerId = messengerIdOf(fields.messenger, fields, ID_FIELDS) as string;
		const { contact, created: isNew } = await createOrUpdateContact(
			models,
			{ bot, messenger: fields.messenger, messengerId },
			{
				name: fields.name,
				username: usernameOf(fields.messenger, fields),
				phone: fields.phone,
				email: fields.email,
				address: fields.address,
				tags: fields.tags,
			},
		);
		return (isNew ? created : ok)({ data: presentContact(contact) });
	},
};
