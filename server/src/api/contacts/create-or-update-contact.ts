/**
 * createOrUpdateContact (§4.16): finds the contact in the caller's bot by the chosen messenger's ID and updates
 * it (200), or creates it (201).
 */
import { API_ID_FIELDS, createOrUpdateContactInput, messengerIdOf, usernameOf } from '../../contract/contacts/inputs';
import { contactJson } from '../../contract/contacts/outputs';
import { presentContact } from '../../contract/contacts/presenter';
import { createOrUpdateContact } from '../../domain/contacts/create-or-update-contact';
import { dataOf } from '../../http/answers';
import { apiMethod, created, GET_AND_POST, ok } from '../api-method';
import { contactAnswers } from './answers';

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
