/** List field definitions from the UI to the API's shape (spec §2.2): currency only for money fields. */
import type { IDataObject } from 'n8n-workflow';

/** The flags of a field definition: API name → parameter name (the API's own in version 1, camelCase since). */
export const FIELD_FLAGS = {
	is_encryptable: 'isEncryptable',
	is_hidden: 'isHidden',
	is_required: 'isRequired',
} as const;

export type FieldFlag = keyof typeof FIELD_FLAGS;

export const flagParameterName = (flag: FieldFlag, version: number) => (version === 1 ? flag : FIELD_FLAGS[flag]);

/** A field as the UI gives it: name, slug, type, currency, and the flags under their parameter names. */
export type FieldInput = IDataObject;

export function toFieldDefinition(input: FieldInput, version = 1): IDataObject {
	const field: IDataObject = {
		name: String(input.name ?? '').trim(),
		slug: String(input.slug ?? '').trim(),
		type: String(input.type ?? 'string'),
	};
	if (field.type === 'money')
		field.currency = String(input.currency ?? '')
			.trim()
			.toUpperCase();
	for (const flag of Object.keys(FIELD_FLAGS) as FieldFlag[]) {
		const value = input[flagParameterName(flag, version)];
		if (typeof value === 'boolean') field[flag] = value;
	}
	return field;
}
