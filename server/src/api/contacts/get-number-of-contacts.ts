/** getNumberOfContacts (§4.15): `{count}` at the top level, with the filters of getContacts. */
import { z } from 'zod';
import { contactFilterFields, contactFilterOf } from '../../contract/contacts/inputs';
import { countContacts } from '../../domain/contacts/contact-export';
import { apiMethod, GET_AND_POST, ok } from '../api-method';

const getNumberOfContactsInput = z.object(contactFilterFields);

export const getNumberOfContacts = apiMethod({
	name: 'getNumberOfContacts',
	verbs: GET_AND_POST,
	summary: "How many contacts the key holder's bots have, with getContacts' filters.",
	section: '§4.15',
	input: getNumberOfContactsInput,
	example: { bot_id: 1 },
	success: [{ status: 200, when: 'The count, with no `data` wrapper.', body: z.object({ count: z.int().min(0) }) }],
	refusals: [],
	commands: { cases: { 'all bots': { count: 2, budget: 3 }, 'one bot': { count: 2, budget: 3 } } },
	async handle({ models, user }, input) {
		return ok({ count: await countContacts(models, user._id, contactFilterOf(input)) });
	},
});
