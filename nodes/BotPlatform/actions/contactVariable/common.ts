/** The variable name field of Set and Delete; the contact is chosen as in the tag operations (`../tag/common.ts`). */
import type { INodeProperties } from 'n8n-workflow';

export { contactFields } from '../tag/common';

export const variableNameField = (description: string): INodeProperties => ({
	displayName: 'Name',
	name: 'variableName',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. city',
	description,
});
