/**
 * What the contact methods' parameters (§4.14 to §4.16, §8) share; each method declares its own in its file. The
 * contact field rules are shared by createOrUpdateContact and the admin API, so that both accept exactly the same values.
 */
import type { Types } from 'mongoose';
import isEmail from 'validator/lib/isEmail';
import { z } from 'zod';
import { boolean, integer, isWellFormedText, list, ruleParams, text } from '../kit/validation';
import type { ContactFilter } from '../../domain/contacts/contact-export';
import type { NewContact } from '../../domain/contacts/insert-contact';
import { MESSENGERS, VARIABLE_TYPES, type Messenger } from '../../models/contact';

/** Usernames, address, `viber_id`, tags and names (§8). */
export const MAX_TEXT = 255;
const MAX_TAGS = 100;

const contactName = () => text(MAX_TEXT);

/** Stored without `@` (§2.4): "@john" is "john", and a lone "@" is no username at all (null). */
const username = () => text(MAX_TEXT).transform((value) => value.replace(/^@/, '') || null);

/** `+` then digits, 9 to 16 characters with the plus; stored and returned without it (§4.16). */
const phone = () =>
	z
		.string()
		.regex(/^\+\d{8,15}$/)
		.transform((value) => value.slice(1))
		.meta({ description: '`+` then digits, 9 to 16 characters with the plus; returned without the `+`.' });

const email = () =>
	text(MAX_TEXT)
		.refine(
			// validator's isEmail throws on a lone surrogate (text() reports it too, but zod runs every refinement).
			(value) => isWellFormedText(value) && isEmail(value),
			ruleParams({
				en: 'The :attribute field must be a valid email address.',
				ru: 'Значение поля :attribute должно быть действительным адресом электронной почты.',
			}),
		)
		.meta({ format: 'email' });

/**
 * Up to 100 tags of up to 255 characters, as a set: repeats collapse, order of first appearance is kept.
 * Empty items are dropped (an empty string arrives as null), which is how a form or query string clears the
 * tags: `tags[]=` is a list with one empty item, i.e. no tags.
 */
const tags = () =>
	list(text(MAX_TEXT).nullable(), { max: MAX_TAGS })
		.transform((items) => [...new Set(items.filter((item) => item !== null))])
		.meta({ description: 'Replaces all the tags; `[]` removes them all.' });

/** Telegram, MAX and VK user IDs: positive integers, sent as numbers or decimal strings. */
export const messengerUserId = () => integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

const viberId = () => text(MAX_TEXT);

/**
 * The contact fields that the API's createOrUpdateContact and the admin API's contact creation share
 * (§4.16), each optional: which messenger ID is required depends on `messenger` (`requireMessengerId`).
 */
export function contactFieldsInput() {
	return {
		name: contactName(),
		telegram_id: messengerUserId().nullish().meta({ description: 'Required when `messenger` is `telegram`.' }),
		telegram_username: username().nullish().meta({ description: 'Telegram only; a leading `@` is dropped.' }),
		max_id: messengerUserId().nullish().meta({ description: 'Required when `messenger` is `max`.' }),
		max_username: username().nullish().meta({ description: 'MAX only; a leading `@` is dropped.' }),
		vk_id: messengerUserId().nullish().meta({ description: 'Required when `messenger` is `vk`.' }),
		viber_id: viberId().nullish().meta({ description: 'Required when `messenger` is `viber`.' }),
		phone: phone().nullish(),
		email: email().nullish(),
		address: text(MAX_TEXT).nullish(),
		tags: tags().nullish(),
	};
}

/** The request fields that may carry each messenger's ID; the first is the documented name, the rest aliases (§9). */
export type MessengerIdFields = Partial<Record<Messenger, readonly string[]>>;

/**
 * The ID fields of `messenger`, read as an own key only: the rule runs on raw input, and a `messenger` of
 * `__proto__` or `constructor` would otherwise reach Object.prototype.
 */
export function idFieldsOf(fields: MessengerIdFields, messenger: unknown): readonly string[] | undefined {
	return typeof messenger === 'string' && Object.hasOwn(fields, messenger) ? fields[messenger as Messenger] : undefined;
}

/**
 * Laravel's `required_if`: the chosen messenger's ID must be present under one of its names. Attach with
 * `{when: () => true}` so it is reported together with every other failed field (§7.1).
 */
export function requireMessengerId(fields: MessengerIdFields) {
	return (input: Record<string, unknown>, ctx: z.RefinementCtx) => {
		const names = idFieldsOf(fields, input.messenger);
		if (!names || names.some((name) => input[name] !== undefined && input[name] !== null)) return;
		ctx.addIssue({
			code: 'custom',
			path: [names[0]],
			input: undefined,
			...ruleParams(
				{
					en: 'The :attribute field is required when messenger is :messenger.',
					ru: 'Поле :attribute обязательно для заполнения, когда messenger равно :messenger.',
				},
				{ messenger: String(input.messenger) },
			),
		});
	};
}

/** The username sent for the contact's messenger; other messengers have none (§2.4). */
export function usernameOf(messenger: Messenger, input: { telegram_username?: string | null; max_username?: string | null }) {
	if (messenger === 'telegram') return input.telegram_username ?? null;
	if (messenger === 'max') return input.max_username ?? null;
	return null;
}

/** The messenger ID as stored: decimal digits for numeric IDs, the string itself for Viber. */
export function messengerIdOf(messenger: Messenger, input: Record<string, unknown>, fields: MessengerIdFields): string | null {
	const names = idFieldsOf(fields, messenger) ?? [];
	const value = names.map((name) => input[name]).find((candidate) => candidate !== undefined && candidate !== null);
	return typeof value === 'number' || typeof value === 'string' ? String(value) : null;
}

/** Unix seconds whose milliseconds (and the next second's) still fit in a JavaScript Date. */
const UNIX_SECONDS = { min: -8_640_000_000_000, max: 8_639_999_999_999 };

/** The filters shared by getContacts and getNumberOfContacts (§4.14, §4.15). */
export const contactFilterFields = {
	bot_id: integer()
		.nullish()
		.meta({ description: "Only this bot's contacts; a bot that is not the key holder's gives none, not an error." }),
	date_from: integer(UNIX_SECONDS).nullish().meta({ description: 'Contacts created at or after this time, in Unix seconds.' }),
	date_to: integer(UNIX_SECONDS).nullish().meta({ description: 'Contacts created at or before this time, in Unix seconds.' }),
};

export function contactFilterOf(input: {
	bot_id?: number | null;
	date_from?: number | null;
	date_to?: number | null;
}): ContactFilter {
	return { botId: input.bot_id ?? undefined, dateFrom: input.date_from ?? undefined, dateTo: input.date_to ?? undefined };
}

/** `with` is accepted and ignored: tags and variables are always returned (§4.14). */
export const ignoredWith = {
	with: z.unknown().optional().meta({ description: 'Accepted and ignored: tags and variables are always returned.' }),
};

const PAGE_MODE = ['page', 'count'] as const;
const OFFSET_MODE = ['offset', 'limit'] as const;

/** Passing `offset` or `limit` selects offset mode (§4.14 rule 1); true of the raw and the validated parameters alike. */
export const choosesOffsetMode = (params: Record<string, unknown>) => OFFSET_MODE.some((name) => (params[name] ?? null) !== null);

/** The parameters without those of the mode not chosen, which are ignored, invalid or not (rule 1). */
export function chosenModeOnly(params: unknown): unknown {
	if (typeof params !== 'object' || params === null) return params;
	const ignored: readonly string[] = choosesOffsetMode(params as Record<string, unknown>) ? PAGE_MODE : OFFSET_MODE;
	return Object.fromEntries(Object.entries(params).filter(([name]) => !ignored.includes(name)));
}

/** The messenger ID fields of the admin API and seed files: the messenger's own names. */
export const ADMIN_ID_FIELDS: MessengerIdFields = {
	telegram: ['telegram_id'],
	max: ['max_id'],
	vk: ['vk_id'],
	viber: ['viber_id'],
};

const variableInput = z.object({
	name: text(MAX_TEXT),
	value: text(65_535).nullish(),
	type: z.literal(VARIABLE_TYPES).default(0),
});

/** A contact as the admin API and seed files describe it (`POST /admin/v1/contacts`). */
export const createContactInput = z
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
	.superRefine(requireMessengerId(ADMIN_ID_FIELDS), { when: () => true });

export type CreateContactInput = z.output<typeof createContactInput>;

/** The contact to insert for `input`, in `bot`. */
export function newContact(input: CreateContactInput, bot: { _id: number; ownerId: Types.ObjectId }): NewContact {
	return {
		botId: bot._id,
		ownerId: bot.ownerId,
		messenger: input.messenger,
		messengerId: messengerIdOf(input.messenger, input, ADMIN_ID_FIELDS),
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
