import type { ApiMethod } from '../api-method';
import { addListSchemaField } from './add-list-schema-field';
import { createListSchema } from './create-list-schema';
import { deleteListSchema } from './delete-list-schema';
import { deleteListSchemaField } from './delete-list-schema-field';
import { getListSchema } from './get-list-schema';
import { getListSchemas } from './get-list-schemas';

export const listMethods: ApiMethod[] = [
	getListSchemas,
	getListSchema,
	createListSchema,
	deleteListSchema,
	addListSchemaField,
	deleteListSchemaField,
];
