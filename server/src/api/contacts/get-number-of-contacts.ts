/** getNumberOfContacts (§4.15): `{count}` at the top level, with the filters of getContacts. */
import { z } from 'zod';
import { countContacts } from '../../domain/contacts/contact-export';
import { GET_AND_POST, ok, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { contactFilterFields, contactFilterOf } from './contact-filter-input';

const input = z.object(contactFilterFields);

export const getNumberOfContacts: ApiMethod = {
	name: 'getNumberOfContacts',
	verbs: GET_AND_POST,
	async handle({ params, lang, models, user }) {
		const filter = contactFilterOf(validate(input, params, lang));
		return ok({ count: await countContacts(models, user._id, filter) });
	},
};
