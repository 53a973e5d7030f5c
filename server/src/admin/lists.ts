/**
 * Records of lists. The spec shows no record method, yet states what deleting a list or a field does to
 * records (§3, §4.6, §4.8); these routes make records real so those effects exist and can be checked.
 */
import { Router } from 'express';
import { z } from 'zod';
import { listItemValues } from '../contract/lists/inputs';
import { presentListItem } from '../contract/lists/presenter';
import { ApiError } from '../http/errors';
import { validate } from '../http/validation';
import type { Models } from '../models';
import type { ListDoc } from '../models/list';
import type { ListItemDoc } from '../models/list-item';
import { objectIdParam } from './params';
import { adminBody, adminRoute } from './route';

export function listsAdmin(models: Models): Router {
	const router = Router();

	const findList = async (id: string) => {
		const list = await models.lists.findById(objectIdParam(id, 'List'), { fields: 1 }).lean<Pick<ListDoc, '_id' | 'fields'>>();
		if (!list) throw new ApiError(404, { error: 'List not found.' });
		return list;
	};

	router.post(
		'/lists/:id/items',
		adminRoute(async (req) => {
			const list = await findList(req.params.id as string);
			const { values } = validate(z.object({ values: listItemValues(list.fields) }), adminBody(req), 'en');
			const item = await models.listItems.create({ listId: list._id, values });
			return { status: 201, body: { data: presentListItem(item.toObject<ListItemDoc>()) } };
		}),
	);

	router.get(
		'/lists/:id/items',
		adminRoute(async (req) => {
			const list = await findList(req.params.id as string);
			const items = await models.listItems.find({ listId: list._id }).sort({ _id: 1 }).lean<ListItemDoc[]>();
			return { status: 200, body: { data: items.map(presentListItem) } };
		}),
	);

	return router;
}
