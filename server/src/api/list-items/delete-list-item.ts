/** deleteListItem (§12.7): deletes an item; later calls with its ID answer 404. */
import { z } from 'zod';
import { itemId } from '../../contract/list-items/inputs';
import { deleteItem } from '../../domain/list-items/list-items';
import { apiMethod, noContent, GET_AND_POST } from '../api-method';
import { listItemAnswers } from './answers';

const deleteListItemInput = z.object({ item_id: itemId() });

export const deleteListItem = apiMethod({
	name: 'deleteListItem',
	verbs: GET_AND_POST,
	summary: 'Deletes an item.',
	section: '§12.7',
	input: deleteListItemInput,
	example: { item_id: '66a1f0c2e4b0a1b2c3d4e5f6' },
	success: [{ status: 204, when: 'Deleted (§12.7); later calls with its `item_id` answer 404.' }],
	refusals: listItemAnswers.for('item_not_found', 'item_forbidden'),
	commands: { count: 4, budget: 4 },
	async handle({ user, lang, models }, { item_id }) {
		const outcome = await deleteItem(models, user, item_id);
		if (!outcome.ok) throw listItemAnswers.error(lang, outcome);
		return noContent();
	},
});
