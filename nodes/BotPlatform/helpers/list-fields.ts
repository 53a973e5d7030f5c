/** List field definitions from the UI to the API's shape (spec §2.2): currency only for money fields. */
import type { IDataObject } from 'n8n-workflow';

export interface FieldInput {
	name?: unknown;
	slug?: unknown;
	type?: unknown;
	currency?: unknown;
	is_required?: unknown;
	is_hidden?: unknown;
	is_encryptable?: unknown;
}

export function toFieldDefinition(input: FieldInput): IDataObject {
	const field: IDataObject = {
		name: String(input.name ?? '').trim(),
		slug: String(input.slug ?? '').trim(),
		type: String(input.type ?? 'string'),
	};
	if (field.type === 'money')
		field.currency = String(input.currency ?? '')
			.trim()
			.toUpperCase();
	for (const flag of ['is_required', 'is_hidden', 'is_encryptable'] as const) {
		if (typeof input[flag] === 'boolean') field[flag] = input[flag];
	}
	return field;
}
