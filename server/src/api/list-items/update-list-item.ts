/** updateListItem (§12.6): merges new values into an item; slugs left out keep theirs (§12.6). */
import { z } from 'zod';
import { itemId, itemValues, schemaId, valuesObject } from '../../contract/list-items/inputs';
import { listItemJson } from '../../contract/list-items/outputs';
import { presentListItem } from '../../contract/list-items/presenter';
import { findOwnedItem, updateItem } from '../../domain/list-items/list-items';
import { dataOf } from '../../http/answers';
import { apiMethod, ok, GET_AND_POST } from '../api-method';
import { validate } from '../../contract/kit/validation';
import { listItemAnswers } from './answers';

const updateListItemInput = z.object({
	item_id: itemId(),
	schema_id: schemaId().nullish().meta({ description: "Optional; when sent, it must be the item's list." }),
	data: valuesObject().meta({
		description: 'Field slug to new value; slugs left out keep their values, `null` clears an optional field.',
	}),
});

export const updateListItem = apiMethod({
	name: 'updateListItem',
	verbs: GET_AND_POST,
	summary: "Changes an item's values; slugs left out keep theirs.",
	section: '§12.6',
	input: updateListItemInput,
	example: { item_id: '66a1f0c2e4b0a1b2c3d4e5f6', data: { status: 'shipped' } },
	success: [{ status: 200, when: 'The item as it is now (§12.6).', body: dataOf(listItemJson) }],
	refusals: listItemAnswers.for('item_not_found', 'item_forbidden', 'value_not_owned'),
	commands: { count: 4, budget: 4 },
	async handle({ user, lang, models }, input) {
		const owned = await findOwnedItem(models, user, input.item_id, input.schema_id);
		if (!owned.ok) throw listItemAnswers.error(lang, owned);
		const { list, item } = owned;
		const { data } = validate(z.object({ data: itemValues(list.fields, 'update') }), { data: input.data }, lang);
		const outcome = await updateItem(models, user, list, item, data);
		if (!outcome.ok) throw listItemAnswers.error(lang, outcome);
		return ok({ data: presentListItem(list, outcome.item) });
	},
});
