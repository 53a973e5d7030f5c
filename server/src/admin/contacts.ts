/**
 * Provisioning of contacts, which the platform gets from messengers: `POST /contacts` creates one exactly as
 * described (no create-or-update: a messenger ID already held in the bot is a 422), with any creation time, as a
 * website-chat (`web`) or preview contact if asked; `DELETE /contacts/:id` deletes one softly.
 */
import { z } from 'zod';
import { isDuplicateKeyError } from '../database/duplicate-key';
import { ADMIN_ID_FIELDS, createContactInput, idFieldsOf, newContact } from '../contract/contacts/inputs';
import { deleteContact } from '../domain/contacts/delete-contact';
import { insertContact } from '../domain/contacts/insert-contact';
import { contactJson } from '../contract/contacts/outputs';
import { presentContact } from '../contract/contacts/presenter';
import { dataOf, errorBody, validationBody } from '../http/answers';
import { ApiError, fieldError } from '../http/errors';
import { CONTACT_ACCOUNT_FIELDS, type ContactAccount } from '../domain/contact-accounts/contact-accounts';
import { contactAccountJson } from '../contract/contact-accounts/outputs';
import { presentContactAccount } from '../contract/contact-accounts/presenter';
import { integer } from '../contract/kit/validation';
import type { ContactDoc } from '../models/contact';
import { containing, pageFrom, pageOf, pageQuery, readPage, searchParam } from './paging';
import { integerIdParam } from './params';
import { adminRoute } from './route';

const contactNotFound = { status: 404, when: 'No such contact, or it is already deleted.', body: errorBody };

/** Name, username or e-mail containing the text; the phone containing its digits; the messenger ID equal to it. */
function searchFilter(search: string) {
	const digits = search.replace(/\D/g, '');
	return [
		{ name: containing(search) },
		{ username: containing(search) },
		{ email: containing(search) },
		{ messengerId: search },
		...(digits === '' ? [] : [{ phone: containing(digits) }]),
	];
}

const contactCardJson = z
	.object({ contact: contactJson, is_preview: z.boolean(), accounts: z.array(contactAccountJson) })
	.meta({ id: 'AdminContactCard' });

export const contactRoutes = [
	adminRoute({
		name: 'getContacts',
		verb: 'get',
		path: '/contacts',
		summary:
			'Live contacts, newest first, a page at a time: of one bot with `bot_id`; `search` finds a part of a name, ' +
			'username, e-mail or phone number, or a whole messenger ID.',
		query: pageQuery.extend({
			bot_id: integer({ min: 1 }).nullish().meta({ description: 'Only the contacts of this bot.' }),
			search: searchParam(),
		}),
		success: [{ status: 200, when: 'A page of contacts.', body: pageOf(contactJson) }],
		refusals: [],
		async handle({ deps: { models }, query }) {
			const page = pageFrom(query);
			const filter = {
				deletedAt: null,
				...(query.bot_id ? { botId: query.bot_id } : {}),
				...(query.search ? { $or: searchFilter(query.search) } : {}),
			};
			const [contacts, total] = await readPage<ContactDoc>(models.contacts, filter, page);
			return { status: 200, body: page.envelope(contacts.map(presentContact), total) };
		},
	}),
	adminRoute({
		name: 'getContact',
		verb: 'get',
		path: '/contacts/:id',
		summary: 'The contact card: the contact (§2.4) and its contact accounts, in the order they were opened (§2.3).',
		params: { id: integerIdParam('Contact') },
		success: [{ status: 200, when: 'The contact card.', body: dataOf(contactCardJson) }],
		refusals: [contactNotFound],
		async handle({ deps: { models }, params: { id } }) {
			const contact = await models.contacts.findOne({ _id: id, deletedAt: null }).lean<ContactDoc>();
			if (!contact) throw new ApiError(404, { error: 'Contact not found.' });
			const accounts = await models.contactAccounts
				.find({ contactId: id }, CONTACT_ACCOUNT_FIELDS)
				.sort({ _id: 1 })
				.lean<ContactAccount[]>();
			const card = {
				contact: presentContact(contact),
				is_preview: contact.isPreview,
				accounts: accounts.map(presentContactAccount),
			};
			return { status: 200, body: { data: card } };
		},
	}),
	adminRoute({
		name: 'createContact',
		verb: 'post',
		path: '/contacts',
		summary:
			'Creates a contact as a messenger would (no create-or-update), with any creation time, ' +
			'as a website-chat (`web`) or preview contact if asked.',
		body: createContactInput,
		example: { bot_id: 1, messenger: 'telegram', name: 'Bob', telegram_id: 123456789, tags: ['vip'] },
		success: [{ status: 201, when: 'The contact.', body: dataOf(contactJson) }],
		refusals: [
			{
				status: 422,
				when: 'No live bot has this `bot_id`, or the bot already has a contact with this messenger ID.',
				body: validationBody,
			},
		],
		async handle({ deps: { models }, body: input }) {
			const bot = await models.bots.findOne({ _id: input.bot_id, deletedAt: null }, { ownerId: 1 }).lean();
			if (!bot) throw fieldError('en', 'bot_id', 'The selected bot id is invalid.');
			const contact = newContact(input, bot);
			const field = idFieldsOf(ADMIN_ID_FIELDS, input.messenger)?.[0] ?? 'messenger';
			const taken = () => fieldError('en', field, `The ${field.replace(/_/g, ' ')} has already been taken.`);
			// Looked for first, so that the usual refusal does not use up a contact ID; the unique index still decides races.
			const held = { botId: bot._id, messenger: input.messenger, messengerKey: contact.messengerId };
			if (!contact.isPreview && contact.messengerId !== null && (await models.contacts.exists(held))) throw taken();
			try {
				return { status: 201, body: { data: presentContact(await insertContact(models, contact)) } };
			} catch (error) {
				if (isDuplicateKeyError(error)) throw taken();
				throw error;
			}
		},
	}),
	adminRoute({
		name: 'deleteContact',
		verb: 'delete',
		path: '/contacts/:id',
		summary: 'Deletes a contact (softly): it leaves exports and counts; its contact accounts are not found (§7.3).',
		params: { id: integerIdParam('Contact') },
		success: [{ status: 204, when: 'Deleted.' }],
		refusals: [contactNotFound],
		async handle({ deps: { models }, params: { id } }) {
			const deleted = await deleteContact(models, id);
			if (!deleted) throw new ApiError(404, { error: 'Contact not found.' });
			return { status: 204 };
		},
	}),
];
