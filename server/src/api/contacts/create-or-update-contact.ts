/**
 * createOrUpdateContact (§4.16): finds the contact in the caller's bot by the chosen messenger's ID and updates
 * it (200), or creates it (201).
 */
import { API_ID_FIELDS, createOrUpdateContactInput, messengerIdOf, usernameOf } from '../../contract/contacts/inputs';
import { presentContact } from '../../contract/contacts/presenter';
import { createOrUpdateContact } from '../../domain/contacts/create-or-update-contact';
import { created, GET_AND_POST, ok, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { contactRefusal } from './refusals';

export const createOrUpdateContactMethod: ApiMethod = {
	name: 'createOrUpdateContact',
	verbs: GET_AND_POST,
	async handle({ params, lang, models, user }) {
		const input = validate(createOrUpdateContactInput, params, lang);
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
		if (!outcome.ok) throw contactRefusal(lang, outcome);
		return (outcome.created ? created : ok)({ data: presentContact(outcome.contact) });
	},
};
