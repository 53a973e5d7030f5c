import type { ApiMethod } from '../api-method';
import { addListItem } from './add-list-item';
import { deleteListItem } from './delete-list-item';
import { getListItems } from './get-list-items';
import { updateListItem } from './update-list-item';

export const listItemMethods: ApiMethod[] = [getListItems, addListItem, updateListItem, deleteListItem];
