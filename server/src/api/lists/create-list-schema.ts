/** createListSchema (§4.5): a list in a project, or in a bot's project with the bot recorded. */
import { createListSchemaInput } from '../../contract/lists/inputs';
import { listJson } from '../../contract/lists/outputs';
import { presentList } from '../../contract/lists/presenter';
import { createList } from '../../domain/lists/lists';
import { dataOf } from '../../http/answers';
import { apiMethod, created, GET_AND_POST } from '../api-method';
import { listAnswers } from './answers';

export const createListSchema = apiMethod({
	name: 'createListSchema',
	verbs: GET_AND_POST,
	summary: "Creates a list in a project, or in a bot's project.",
	section: '§4.5',
	input: createListSchemaInput,
	example: {
		name: 'Orders',
		bot_id: 1,
		fields: [
			{ name: 'Product', slug: 'product', type: 'string', is_required: true },
			{ name: 'Price', slug: 'price', type: 'money', currency: 'USD', is_required: false },
		],
	},
	success: [{ status: 201, when: 'The list; `bot_id` is null when created by `project_uuid`.', body: dataOf(listJson) }],
	refusals: listAnswers.for('list_forbidden', 'lists_limit', 'target_missing'),
	commands: { cases: { 'by project': { count: 3, budget: 5 }, 'by bot': { count: 4, budget: 5 } } },
	async handle({ user, lang, models }, input) {
		const target = { botId: input.bot_id ?? null, projectUuid: input.project_uuid ?? null };
		const outcome = await createList(models, user, target, { name: input.name, isMenu: input.is_menu, fields: input.fields });
		if (!outcome.ok) throw listAnswers.error(lang, outcome);
		return created({ data: presentList(outcome.list) });
	},
});
