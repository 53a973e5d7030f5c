/**
 * Holds every answer of `/api/v1` and `/admin/v1` that a test receives to the OpenAPI document the server serves
 * (built here from the same declarations): the status must be documented for the operation, the required headers
 * present, and a JSON body must match the documented schema. `server/test/support/http.ts` applies it to every call, so
 * the whole suite keeps the reference true to what the server sends.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { adminAreas } from '../../src/admin';
import { apiAreas } from '../../src/api';
import { buildOpenApiDocument } from '../../src/openapi/document';
import { moveRefs } from '../../src/openapi/json-schema';

type Json = Record<string, any>;

export const referenceDocument: Json = buildOpenApiDocument({ apiAreas, adminAreas, publicUrl: undefined });

/** Refs into `components` as ajv knows them: `urn:components:schemas/Contact`. */
const ajvRefs = (value: unknown) => moveRefs(value, '#/components/', 'urn:components:');

/** Strict: a keyword that JSON Schema 2020-12 does not know fails the compilation, so the schemas are checked too. */
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
for (const [name, schema] of Object.entries<Json>(referenceDocument.components.schemas)) {
	ajv.addSchema(ajvRefs(schema) as Json, `urn:components:schemas/${name}`);
}

/** A `$ref` into `components` replaced by what it names. */
function resolved(object: Json): Json {
	if (typeof object.$ref !== 'string') return object;
	const [, kind, name] = object.$ref.split('/').slice(1);
	return referenceDocument.components[kind][name];
}

export interface DocumentedOperation {
	path: string;
	verb: string;
	operation: Json;
}

/** The documented path templates as patterns: `/admin/v1/bots/{id}` matches `/admin/v1/bots/12`. */
const pathPatterns = Object.keys(referenceDocument.paths).map((template) => ({
	template,
	pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
}));

export function documentedOperation(pathname: string, verb: string): DocumentedOperation | undefined {
	const match = pathPatterns.find(({ pattern }) => pattern.test(pathname));
	const operation = match && referenceDocument.paths[match.template][verb.toLowerCase()];
	return operation ? { path: match.template, verb: verb.toLowerCase(), operation } : undefined;
}

/** A Schema Object of the reference, compiled strictly: it throws on anything that is not JSON Schema 2020-12. */
export function compileReferenceSchema(schema: Json): ValidateFunction {
	return ajv.compile(ajvRefs(schema) as Json);
}

const validators = new Map<object, ValidateFunction>();

function validatorOf(schema: Json): ValidateFunction {
	let validate = validators.get(schema);
	if (!validate) {
		validate = compileReferenceSchema(schema);
		validators.set(schema, validate);
	}
	return validate;
}

export interface ObservedAnswer {
	verb: string;
	url: string;
	status: number;
	headers: Record<string, unknown>;
	body: unknown;
}

/** Operation IDs with the statuses seen for them, for checks that the reference is covered by real answers. */
export const observedStatuses = new Map<string, Set<number>>();

/** Why the answer does not match the reference; undefined when it does, or when the call is not a documented operation. */
export function referenceMismatch({ verb, url, status, headers, body }: ObservedAnswer): string | undefined {
	const { pathname } = new URL(url);
	const documented = documentedOperation(pathname, verb);
	if (!documented) return undefined;
	const { operation } = documented;
	const where = `${verb.toUpperCase()} ${pathname} answered ${status}`;
	if (!operation.responses[String(status)]) {
		return `${where}, which the reference does not list (it lists ${Object.keys(operation.responses).join(', ')})`;
	}
	let statuses = observedStatuses.get(operation.operationId);
	if (!statuses) observedStatuses.set(operation.operationId, (statuses = new Set()));
	statuses.add(status);

	const response = resolved(operation.responses[String(status)]);
	for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
		if (resolved(header).required && headers[name.toLowerCase()] === undefined) return `${where} without the ${name} header`;
	}
	const isJson = /^application\/json\b/.test(String(headers['content-type']));
	const schema = response.content?.['application/json']?.schema;
	if (status === 204 && body !== '' && body !== undefined) return `${where} with a body`;
	// A redirect's short text for browsers is no part of the API; a JSON body would be.
	if (!schema) return isJson ? `${where} with a JSON body the reference does not describe` : undefined;
	if (!isJson) return `${where} as ${String(headers['content-type'])}, not JSON`;
	const validate = validatorOf(schema);
	if (validate(body)) return undefined;
	return `${where} with a body unlike the reference: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`;
}
