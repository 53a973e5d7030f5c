/**
 * getContacts (§4.14): the caller's contacts in ascending ID order, in page mode (envelope of §4.2 with
 * `meta.links`) or, when `offset` or `limit` is passed, in offset mode (`meta: {offset, limit, total}`).
 */
import { z } from 'zod';
import {
	choosesOffsetMode,
	chosenModeOnly,
	contactFilterFields,
	contactFilterOf,
	ignoredWith,
} from '../../contract/contacts/inputs';
import { contactJson } from '../../contract/contacts/outputs';
import { presentContact } from '../../contract/contacts/presenter';
import { encodeContacts } from '../../database/contact-export-encoder';
import { exportContacts } from '../../domain/contacts/contact-export';
import { apiMethod, GET_AND_POST, ok, type MethodContext } from '../api-method';
import { integer } from '../../contract/kit/validation';
import { JsonText } from '../../http/ordered-json';
import { pageEnvelope, pageEnvelopeJson, pageLinks, pageLinksJson, pageOffset } from '../../contract/kit/pagination';

/** Page mode (`page`, `count`), or offset mode (`offset`, `limit`) when either of those is passed. */
const getContactsInput = z.preprocess(
	chosenModeOnly,
	z.object({
		...contactFilterFields,
		...ignoredWith,
		page: integer({ min: 1 }).nullish().meta({ description: 'Page mode: the page, from 1; default 1. Ignored in offset mode.' }),
		count: integer({ min: 1, max: 500 })
			.nullish()
			.meta({ description: 'Page mode: contacts per page; default 20. Ignored in offset mode.' }),
		offset: integer({ min: 0 })
			.nullish()
			.meta({ description: 'Contacts to skip, from 0; default 0. Passing it selects offset mode.' }),
		limit: integer({ min: 1, max: 1000 })
			.nullish()
			.meta({ description: 'Offset mode: contacts per call; default 100. Passing it selects offset mode.' }),
	}),
);

type Input = z.output<typeof getContactsInput>;

/** The page's contacts as JSON text, written from their stored bytes (set into the answer as it is). */
const contactsJson = (contacts: readonly Uint8Array[]) => new JsonText(encodeContacts(contacts, presentContact));

async function offsetMode({ models, user }: MethodContext, input: Input) {
	const offset = input.offset ?? 0;
	const limit = input.limit ?? 100;
	const { contacts, total } = await exportContacts(models, user._id, contactFilterOf(input), { skip: offset, limit });
	return ok({ data: contactsJson(contacts), meta: { offset, limit, total } });
}

async function pageMode({ lang, models, user, methodUrl }: MethodContext, input: Input) {
	const page = input.page ?? 1;
	const perPage = input.count ?? 20;
	// A page far past any real collection is simply empty; the cap keeps the skip an exact integer.
	const window = { skip: Math.min(pageOffset({ page, perPage }), Number.MAX_SAFE_INTEGER), limit: perPage };
	const { contacts, total } = await exportContacts(models, user._id, contactFilterOf(input), window);
	const envelope = pageEnvelope(contacts, total, { page, perPage, path: methodUrl });
	const links = pageLinks(page, envelope.meta.last_page, methodUrl, lang);
	return ok({ ...envelope, data: contactsJson(contacts), meta: { ...envelope.meta, links } });
}

const pageModeJson = pageEnvelopeJson(contactJson, { metaLinks: pageLinksJson });

const offsetModeJson = z.object({
	data: z.array(contactJson),
	meta: z.object({ offset: z.int(), limit: z.int(), total: z.int() }),
});

export const getContacts = apiMethod({
	name: 'getContacts',
	verbs: GET_AND_POST,
	summary: "Contacts of the key holder's bots, by ascending ID, a page or a batch at a time.",
	section: '§4.14',
	input: getContactsInput,
	example: { bot_id: 1, date_from: 1767225600, page: 1, count: 20 },
	success: [
		{
			status: 200,
			when:
				'Page mode: the envelope of §4.2 with `meta.links`; the export is complete when `links.next` is null. ' +
				'Offset mode: `{data, meta: {offset, limit, total}}`; complete when `data` holds fewer than `limit` contacts.',
			body: z.union([pageModeJson, offsetModeJson]),
		},
	],
	refusals: [],
	commands: { cases: { 'page mode': { count: 3, budget: 4 }, 'offset mode, one bot': { count: 3, budget: 4 } } },
	handle: (ctx, input) => (choosesOffsetMode(input) ? offsetMode(ctx, input) : pageMode(ctx, input)),
});
