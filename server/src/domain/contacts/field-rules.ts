/**
 * Validation rules for contact fields (§4.16, §8), shared by `createOrUpdateContact` and the admin API so that
 * both accept exactly the same values.
 */
import isEmail from 'validator/lib/isEmail';
import { z } from 'zod';
import { integer, list, ruleParams, text } from '../../http/validation';
import type { Messenger } from '../../models/contact';

/** Usernames, address, `viber_id`, tags and names (§8). */
export const MAX_TEXT = 255;
export const MAX_TAGS = 100;

export const contactName = () => text(MAX_TEXT);

/** Stored without `@` (§2.4): "@john" is "john", and a lone "@" is no username at all (null). */
export const username = () => text(MAX_TEXT).transform((value) => value.replace(/^@/, '') || null);

/** `+` then digits, 9 to 16 characters with the plus; stored and returned without it (§4.16). */
export const phone = () =>
	z
		.string()
		.regex(/^\+\d{8,15}$/)
		.transform((value) => value.slice(1));

export const email = () =>
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
export const tags = () =>
	list(z.string().max(MAX_TEXT).nullable())
		.check(z.maxLength(MAX_TAGS))
		.transform((items) => [...new Set(items.filter((item) => item !== null))]);

/** Telegram, MAX and VK user IDs: positive integers, sent as numbers or decimal strings. */
export const messengerUserId = () => integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

export const viberId = () => text(MAX_TEXT);

/** The request fields that may carry each messenger's ID; the first is the documented name, the rest aliases (§9). */
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
