/** addListItem (§12.5): adds an item to a list, every required field filled. */
import { z } from 'zod';
import { addedValues, itemValues, schemaId, valuesObject } from '../../contract/list-items/inputs';
import { listItemJson } from '../../contract/list-items/outputs';
import { presentListItem } from '../../contract/list-items/presenter';
import { addItem } from '../../domain/list-items/list-items';
import { findOwnedList } from '../../domain/lists/lists';
import { dataOf } from '../../http/answers';
import { apiMethod, created, GET_AND_POST } from '../api-method';
import { validate } from '../../contract/kit/validation';
import { listItemAnswers } from './answers';

/**
 * Loose: when `data` is absent, the values may come as slugs at the top level of the body, as one client
 * sends them (§12.5).
 */
const addListItemInput = z.looseObject({
	schema_id: schemaId(),
	data: valuesObject()
		.nullish()
		.meta({
			description:
				'Field slug to value (formats per type in §12.2). Without `data`, slugs at the top level of the body are read ' +
				'as the values.',
		}),
});

export const addListItem = apiMethod({
	name: 'addListItem',
	verbs: GET_AND_POST,
	summary: 'Adds an item to a list.',
	section: '§12.5',
	input: addListItemInput,
	example: { schema_id: '0123456789abcdef01234567', data: { title: 'Order 17', price: 1500 } },
	success: [{ status: 201, when: 'The item (§12.6).', body: dataOf(listItemJson) }],
	refusals: listItemAnswers.for('list_not_found', 'list_forbidden', 'value_not_owned'),
	commands: { cases: { 'plain values': { count: 3, budget: 4 }, 'a contact value': { count: 4, budget: 4 } } },
	async handle({ user, lang, models }, input) {
		const owned = await findOwnedList(models, user, input.schema_id);
		if (!owned.ok) throw listItemAnswers.error(lang, owned);
		const { list } = owned;
		const { data } = validate(z.object({ data: itemValues(list.fields, 'add') }), { data: addedValues(input) }, lang);
		const outcome = await addItem(models, user, list, data);
		if (!outcome.ok) throw listItemAnswers.error(lang, outcome);
		return created({ data: presentListItem(list, outcome.item) });
	},
});
