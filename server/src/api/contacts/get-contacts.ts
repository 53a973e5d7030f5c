/**
 * getContacts (§4.14): the caller's contacts in ascending ID order, in page mode (envelope of §4.2 with
 * `meta.links`) or, when `offset` or `limit` is passed, in offset mode (`meta: {offset, limit, total}`).
 * Only the chosen mode's parameters are read and validated; the other mode's are ignored (rule 1).
 */
import { contactFilterOf, getContactsOffsetInput, getContactsPageInput } from '../../contract/contacts/inputs';
import { presentContact } from '../../contract/contacts/presenter';
import { exportContacts } from '../../domain/contacts/contact-export';
import { GET_AND_POST, ok, type ApiMethod, type MethodContext } from '../../http/api-method';
import { pageEnvelope, pageLinks, pageOffset } from '../../http/pagination';
import type { Params } from '../../http/request-params';
import { validate } from '../../http/validation';

const passed = (params: Params, name: string) => params[name] !== undefined && params[name] !== null;

async function offsetMode({ params, lang, models, user }: MethodContext) {
	const input = validate(getContactsOffsetInput, params, lang);
	const offset = input.offset ?? 0;
	const limit = input.limit ?? 100;
	const { contacts, total } = await exportContacts(models, user._id, contactFilterOf(input), { skip: offset, limit });
	return ok({ data: contacts.map(presentContact), meta: { offset, limit, total } });
}

async function pageMode({ params, lang, models, user, methodUrl }: MethodContext) {
	const input = validate(getContactsPageInput, params, lang);
	const page = input.page ?? 1;
	const perPage = input.count ?? 20;
	// A page far past any real collection is simply empty; the cap keeps the skip an exact integer.
	const window = { skip: Math.min(pageOffset({ page, perPage }), Number.MAX_SAFE_INTEGER), limit: perPage };
	const { contacts, total } = await exportContacts(models, user._id, contactFilterOf(input), window);
	const envelope = pageEnvelope(contacts.map(presentContact), total, { page, perPage, path: methodUrl });
	const links = pageLinks(page, envelope.meta.last_page, methodUrl, lang);
	return ok({ ...envelope, meta: { ...envelope.meta, links } });
}

export const getContacts: ApiMethod = {
	name: 'getContacts',
	verbs: GET_AND_POST,
	handle: (ctx) => (passed(ctx.params, 'offset') || passed(ctx.params, 'limit') ? offsetMode(ctx) : pageMode(ctx)),
};
