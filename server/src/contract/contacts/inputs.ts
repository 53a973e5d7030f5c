/**
 * Parameters of the contact methods (§4.14 to §4.16, §8). The contact field rules are shared by
 * createOrUpdateContact and the admin API, so that both accept exactly the same values.
 */
import isEmail from 'validator/lib/isEmail';
import { z } from 'zod';
import { integer, list, ruleParams, text } from '../../http/validation';
import type { ContactFilter } from '../../domain/contacts/contact-export';
import type { Messenger } from '../../models/contact';

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
		.transform((value) => value.slice(1));

const email = () =>
	text(MAX_TEXT).refine(
		(value) => isEmail(value),
		ruleParams({
			en: 'The :attribute field must be a valid email address.',
			ru: 'Значение поля :attribute должно быть действительным адресом электронной почты.',
		}),
	);

/**
 * Up to 100 tags of up to 255 characters, as a set: repeats collapse, order of first appearance is kept.
 * Empty items are dropped (an empty string arrives as null), which is how a form or query string clears the
 * tags: `tags[]=` is a list with one empty item, i.e. no tags.
 */
const tags = () =>
	list(z.string().max(MAX_TEXT).nullable())
		.check(z.maxLength(MAX_TAGS))
		.transform((items) => [...new Set(items.filter((item) => item !== null))]);

/** Telegram, MAX and VK user IDs: positive integers, sent as numbers or decimal strings. */
const messengerUserId = () => integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

const viberId = () => text(MAX_TEXT);

/**
 * The contact fields that the API's createOrUpdateContact and the admin API's contact creation share
 * (§4.16), each optional: which messenger ID is required depends on `messenger` (`requireMessengerId`).
 */
export function contactFieldsInput() {
	return {
		name: contactName(),
		telegram_id: messengerUserId().nullish(),
		telegram_username: username().nullish(),
		max_id: messengerUserId().nullish(),
		max_username: username().nullish(),
		vk_id: messengerUserId().nullish(),
		viber_id: viberId().nullish(),
		phone: phone().nullish(),
		email: email().nullish(),
		address: text(MAX_TEXT).nullish(),
		tags: tags().nullish(),
	};
}

/** The request fields that may carry each messenger's ID; the first is the documented name, the rest aliases (§9). */
export type MessengerIdFields = Partial<Record<Messenger, readonly string[]>>;

/**
 * Laravel's `required_if`: the chosen messenger's ID must be present under one of its names. Attach with
 * `{when: () => true}` so it is reported together with every other failed field (§7.1).
 */
export function requireMessengerId(fields: MessengerIdFields) {
	return (input: Record<string, unknown>, ctx: z.RefinementCtx) => {
		const names = fields[input.messenger as Messenger];
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
	const names = fields[messenger] ?? [];
	const value = names.map((name) => input[name]).find((candidate) => candidate !== undefined && candidate !== null);
	return typeof value === 'number' || typeof value === 'string' ? String(value) : null;
}

/** Unix seconds whose milliseconds (and the next second's) still fit in a JavaScript Date. */
const UNIX_SECONDS = { min: -8_640_000_000_000, max: 8_639_999_999_999 };

/** The filters shared by getContacts and getNumberOfContacts (§4.14, §4.15). */
const contactFilterFields = {
	bot_id: integer().nullish(),
	date_from: integer(UNIX_SECONDS).nullish(),
	date_to: integer(UNIX_SECONDS).nullish(),
};

export function contactFilterOf(input: {
	bot_id?: number | null;
	date_from?: number | null;
	date_to?: number | null;
}): ContactFilter {
	return { botId: input.bot_id ?? undefined, dateFrom: input.date_from ?? undefined, dateTo: input.date_to ?? undefined };
}

/** `with` is accepted and ignored: tags and variables are always returned (§4.14). */
const ignoredWith = { with: z.unknown().optional() };

/** §4.14 page mode. */
export const getContactsPageInput = z.object({
	...contactFilterFields,
	...ignoredWith,
	page: integer({ min: 1 }).nullish(),
	count: integer({ min: 1, max: 500 }).nullish(),
});

/** §4.14 offset mode, chosen by passing `offset` or `limit` (rule 1). */
export const getContactsOffsetInput = z.object({
	...contactFilterFields,
	...ignoredWith,
	offset: integer({ min: 0 }).nullish(),
	limit: integer({ min: 1, max: 1000 }).nullish(),
});

/** §4.15 */
export const getNumberOfContactsInput = z.object(contactFilterFields);

/** Website chats (`web`) exist, but contacts are created through the API only for messengers (§4.16). */
const API_MESSENGERS = ['telegram', 'max', 'viber', 'vk'] as const;

/** createOrUpdateContact's names for each messenger's ID: `max_user_id` and `vk_user_id` are aliases (§9). */
export const API_ID_FIELDS: MessengerIdFields = {
	telegram: ['telegram_id'],
	max: ['max_id', 'max_user_id'],
	vk: ['vk_id', 'vk_user_id'],
	viber: ['viber_id'],
};

/** §4.16: when both names of an ID are sent, the documented one wins. */
export const createOrUpdateContactInput = z
	.object({
		bot_id: integer(),
		messenger: z.enum(API_MESSENGERS),
		...contactFieldsInput(),
		max_user_id: messengerUserId().nullish(),
		vk_user_id: messengerUserId().nullish(),
	})
	.superRefine(requireMessengerId(API_ID_FIELDS), { when: () => true });
