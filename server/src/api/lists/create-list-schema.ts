/** createListSchema (§4.5): a list in a project, or in a bot's project with the bot recorded. */
import { z } from 'zod';
import { created, GET_AND_POST, type ApiMethod } from '../../http/api-method';
import { integer, list, ruleParams, text, validate } from '../../http/validation';
import { evenWithOtherErrors, fieldDefinition, flag } from './field-input';
import { listRule } from './list-messages';
import { createList } from './list-service';
import { presentList } from './present-list';

const MAX_FIELDS_ON_CREATE = 30;

/**
 * 1 to 30 fields, and a repeated slug reported at each repetition under `fields.N.slug`, zero-based (§4.5);
 * checked even when some fields are invalid, which zod's own size checks would skip.
 */
const fieldListRules = z.superRefine((fields: unknown[], ctx) => {
	if (fields.length < 1) ctx.addIssue({ code: 'too_small', origin: 'array', minimum: 1, inclusive: true, input: fields });
	if (fields.length > MAX_FIELDS_ON_CREATE) {
		ctx.addIssue({ code: 'too_big', origin: 'array', maximum: MAX_FIELDS_ON_CREATE, inclusive: true, input: fields });
	}
	const seen = new Set<string>();
	fields.forEach((field, index) => {
		const slug = typeof field === 'object' && field !== null ? (field as { slug?: unknown }).slug : undefined;
		if (typeof slug !== 'string') return;
		if (seen.has(slug)) ctx.addIssue({ code: 'custom', path: [index, 'slug'], ...ruleParams(listRule('slug_distinct')) });
		seen.add(slug);
	});
}, evenWithOtherErrors('array'));

/** `project_uuid` is required without `bot_id` and the other way round (§4.5). */
const requireTarget = z.superRefine((value: Record<string, unknown>, ctx) => {
	if ((value.bot_id ?? null) !== null || (value.project_uuid ?? null) !== null) return;
	ctx.addIssue({ code: 'custom', path: ['project_uuid'], ...ruleParams(listRule('required_without'), { other: 'bot id' }) });
	ctx.addIssue({ code: 'custom', path: ['bot_id'], ...ruleParams(listRule('required_without'), { other: 'project uuid' }) });
}, evenWithOtherErrors('object'));

const input = z
	.object({
		name: text(255),
		project_uuid: text(255).nullish(),
		bot_id: integer({ min: 1 }).nullish(),
		fields: list(fieldDefinition('default')).check(fieldListRules),
		is_menu: flag(false),
	})
	.check(requireTarget);

export const createListSchema: ApiMethod = {
	name: 'createListSchema',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models }) {
		const body = validate(input, params, lang);
		const target = { botId: body.bot_id ?? null, projectUuid: body.project_uuid ?? null };
		const list = await createList(models, user, target, { name: body.name, isMenu: body.is_menu, fields: body.fields }, lang);
		return created({ data: presentList(list) });
	},
};
