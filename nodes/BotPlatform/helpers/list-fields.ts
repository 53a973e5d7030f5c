/**
 * List field definitions from the UI to the API's shape (spec §2.2): currency only for money fields; and a list's
 * fields as the editor shows them for List Item's resource mapper.
 */
import type { FieldType, IDataObject, ResourceMapperField } from 'n8n-workflow';
import { apiRequest, type ApiCallOptions, type ApiMethod, type ApiResult, type BotPlatformContext } from '../transport';

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

/**
 * The fields of a list, slug to definition, in the list's own order, which is meaningful (`getListSchema`, §4.4, whose
 * declaration the caller brings: it lives with List → Get).
 */
export async function fieldsOfList(
	this: BotPlatformContext,
	method: ApiMethod,
	schemaId: string,
	options: ApiCallOptions = {},
): Promise<Record<string, IDataObject>> {
	const { body } = (await apiRequest.call(this, method, { schema_id: schemaId }, options)) as ApiResult<{
		data?: { fields?: Record<string, IDataObject> };
	}>;
	return body.data?.fields ?? {};
}

/**
 * List field type → n8n field type, whose editor input and type check fit the API's write format (§12.2). Money is
 * an integer of minor units, contact and bot are IDs: numbers. A date is text (`YYYY-MM-DD`): n8n's date type would
 * read it as an instant and lose which calendar day was meant; a date and time is an instant, so n8n's date picker
 * and parsing fit (it is sent with its offset).
 */
const MAPPER_FIELD_TYPES: Readonly<Record<string, FieldType>> = {
	string: 'string',
	number: 'number',
	bool: 'boolean',
	date: 'string',
	datetime: 'dateTime',
	money: 'number',
	file: 'url',
	image: 'url',
	contact: 'number',
	bot: 'number',
};

/** What the editor's input cannot tell by itself: the unit or format the API expects. */
const FORMAT_HINTS: Readonly<Record<string, (field: IDataObject) => string>> = {
	date: () => 'YYYY-MM-DD',
	money: (field) => `${String(field.currency ?? '')} minor units`.trim(),
	file: () => 'URL',
	image: () => 'URL',
	contact: () => 'contact ID',
	bot: () => 'bot ID',
};

/** A list's fields for n8n's resource mapper, keyed by slug; `withRequired` false makes every field optional. */
export function toMapperFields(fields: Record<string, IDataObject>, withRequired: boolean): ResourceMapperField[] {
	return Object.entries(fields).map(([slug, field]) => {
		const type = String(field.type ?? 'string');
		const hint = FORMAT_HINTS[type]?.(field);
		const name = String(field.name ?? slug);
		return {
			id: slug,
			displayName: hint ? `${name} (${hint})` : name,
			required: withRequired && field.is_required === true,
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
			type: MAPPER_FIELD_TYPES[type] ?? 'string',
		};
	});
}
