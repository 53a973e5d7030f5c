/** createListSchema (§4.5): a list in a project, or in a bot's project with the bot recorded. */
import { createListSchemaInput } from '../../contract/lists/inputs';
import { presentList } from '../../contract/lists/presenter';
import { createList } from '../../domain/lists/lists';
import { created, GET_AND_POST, type ApiMethod } from '../../http/api-method';
import { validate } from '../../http/validation';
import { listRefusal } from './refusals';

export const createListSchema: ApiMethod = {
	name: 'createListSchema',
	verbs: GET_AND_POST,
	async handle({ params, user, lang, models }) {
		const input = validate(createListSchemaInput, params, lang);
		const target = { botId: input.bot_id ?? null, projectUuid: input.project_uuid ?? null };
		const outcome = await createList(models, user, target, { name: input.name, isMenu: input.is_menu, fields: input.fields });
		if (!outcome.ok) throw listRefusal(lang, outcome);
		return created({ data: presentList(outcome.list) });
	},
};
