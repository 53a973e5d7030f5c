/** A record of a list, as the admin API shows it (the spec shows no record method, §4.1). */
import type { ListItemDoc } from '../../models/list-item';
import { isoWithOffset } from '../../http/timestamps';

export function presentListItem(item: ListItemDoc) {
	return {
		id: item._id.toHexString(),
		list_id: item.listId.toHexString(),
		values: item.values,
		created_at: isoWithOffset(item.createdAt),
		updated_at: isoWithOffset(item.updatedAt),
	};
}
