/**
 * Provisioning of contacts, which the platform gets from messengers: `POST /contacts` creates one exactly as
 * described (no create-or-update: a messenger ID already held in the bot is a 422), with any creation time, as a
 * website-chat (`web`) or preview contact if asked; `DELETE /contacts/:id` deletes one softly.
 */
import type { Types } from 'mongoose';
import { z } from 'zod';
import { isDuplicateKeyError } from '../database/duplicate-key';
import {
	contactFieldsInput,
	idFieldsOf,
	MAX_TEXT,
	messengerIdOf,
	requireMessengerId,
	usernameOf,
	type MessengerIdFields,
} from '../contract/contacts/inputs';
import { deleteContact } from '../domain/contacts/delete-contact';
import { insertContact, type NewContact } from '../domain/contacts/insert-contact';
import { contactJson } from '../contract/contacts/outputs';
import { presentContact } from '../contract/contacts/presenter';
import { dataOf, errorBody, validationBody } from '../http/answers';
import { ApiError, fieldError } from '../http/errors';
import { boolean, integer, ruleParams, text } from '../http/validation';
import { MESSENGERS, VARIABLE_TYPES } from '../models/contact';
import { integerIdParam } from './params';
import { adminRoute } from './route';

const ID_FIELDS: MessengerIdFields = { telegram: ['telegram_id'], max: ['max_id'], vk: ['vk_id'], viber: ['viber_id'] };

const variableInput = z.object({
	name: text(MAX_TEXT),
	value: text(65_535).nullish(),
	type: z.literal(VARIABLE_TYPES).default(0),
});

const createContactInput = z
	.object({
		bot_id: integer(),
		messenger: z.enum(MESSENGERS),
		...contactFieldsInput(),
		variables: z
			.array(variableInput)
			.max(1000)
			.refine(
				(variables) => new Set(variables.map((variable) => variable.name)).size === variables.length,
				ruleParams({ en: 'The variable names must be unique.', ru: 'Имена переменных должны быть уникальными.' }),
			)
			.nullish(),
		created_at: z.iso.datetime({ offset: true }).nullish(),
		is_preview: boolean().nullish(),
	})
	.superRefine(requireMessengerId(ID_FIELDS), { when: () => true });

type CreateContactInput = z.output<typeof createContactInput>;

function newContact(input: CreateContactInput, bot: { _id: number; ownerId: Types.ObjectId }): NewContact {
	return {
		botId: bot._id,
		ownerId: bot.ownerId,
		messenger: input.messenger,
		messengerId: messengerIdOf(input.messenger, input, ID_FIELDS),
		name: input.name,
		username: usernameOf(input.messenger, input),
		phone: input.phone ?? null,
		email: input.email ?? null,
		address: input.address ?? null,
		avatar: null,
		tags: input.tags ?? [],
		variables: (input.variables ?? []).map((variable, i) => ({
			id: i + 1,
			name: variable.name,
			value: variable.value ?? null,
			type: variable.type,
			schemaId: null,
			deletable: true,
			payload: null,
		})),
		firstMessage: null,
		unsubscribedAt: null,
		isPreview: input.is_preview ?? false,
		deletedAt: null,
		createdAt: input.created_at ? new Date(input.created_at) : new Date(),
	};
}

const contactNotFound = { status: 404, when: 'No such contact, or it is already deleted.', body: errorBody };

export const contactRoutes = [
	adminRoute({
		name: 'createContact',
		verb: 'post',
		path: '/contacts',
		summary:
			'Creates a contact as a messenger would (no create-or-update), with any creation time, ' +
			'as a website-chat (`web`) or preview contact if asked.',
		body: createContactInput,
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
			const field = idFieldsOf(ID_FIELDS, input.messenger)?.[0] ?? 'messenger';
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
		summary: 'Deletes a contact (softly): it leaves exports and counts, and its accounts are not found (§7.3).',
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
