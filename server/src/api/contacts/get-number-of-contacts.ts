/** getNumberOfContacts (§4.15): `{count}` at the top level, with the filters of getContacts. */
import { contactFilterOf, getNumberOfContactsInput } from '../../contract/contacts/inputs';
import { countContacts } from '../../domain/contacts/contact-export';
import { GET_AND_POST, ok, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';

export const getNumberOfContacts: ApiMethod = {
	name: 'getNumberOfContacts',
	verbs: GET_AND_POST,
	async handle({ params, lang, models, user }) {
		const filter = contactFilterOf(validate(getNumberOfContactsInput, params, lang));
		return ok({ count: await countContacts(models, user._id, filter) });
	},
};
