/**
 * The OpenAPI 3.1 document of this server (`GET /openapi.json`), built from the declarations that also run it:
 * each API method's parameters and answers (`api/api-method.ts`), each admin route's (`admin/route.ts`), and the
 * answers the HTTP machinery gives on its own (`http/answers.ts`, `admin/admin-auth.ts`).
 */
import type { AdminArea } from '../admin';
import { adminAuthAnswers } from '../admin/admin-auth';
import type { AdminRoute } from '../admin/route';
import type { ApiArea } from '../api';
import {
	apiTransportAnswers,
	bodyAnswers,
	databaseUnavailableAnswer,
	deprecationHeaders,
	rateHeaders,
	requestAnswers,
	validationAnswers,
	validationFailed,
	type Answer,
	type AnswerHeader,
} from '../http/answers';
import { accessAnswerList } from '../api/access';
import type { ApiMethod } from '../api/api-method';
import { SchemaComponents, type JsonSchema } from './json-schema';

export interface DocumentSources {
	apiAreas: readonly ApiArea[];
	adminAreas: readonly AdminArea[];
	/** PUBLIC_URL: the one server of the document; without it, the document's own server (`/`). */
	publicUrl: string | undefined;
}

type Json = Record<string, unknown>;

const REFERENCE_TAG = 'Reference';

const API_SECURITY = [{ bearerKey: [] }, { apiToken: [] }];

const securitySchemes = {
	bearerKey: {
		type: 'http',
		scheme: 'bearer',
		description: "The account's API key, from the API tab of the account profile: `Authorization: Bearer <API_KEY>` (§5.1).",
	},
	apiToken: {
		type: 'apiKey',
		in: 'query',
		name: 'api_token',
		description:
			'The API key as the `api_token` parameter, in the query string or in the body, where a header cannot be set. ' +
			'The header is preferred, because URLs are logged (§5.2).',
	},
	adminToken: { type: 'http', scheme: 'bearer', description: 'The `ADMIN_TOKEN` the server was started with.' },
};

const DESCRIPTION = `The Bot Platform API as this server implements it: lists, contact accounts and contacts of the bots that belong
to the key holder. Each section cites the specification (§).

**Calls.** Every method lives at \`/api/v1/<method>\`. Most accept GET and POST; the account money methods are POST only,
and methods that change data should be called with POST (§4.1). POST parameters are sent as JSON or as form fields,
urlencoded or multipart (a file part is refused: 422); GET parameters go in the query string, nested ones in bracket
notation: \`fields[0][name]=Title&fields[0][slug]=title\`. Form and query values are strings: numbers and booleans
(\`1\`/\`0\`, \`true\`/\`false\`) are read from them. Strings are trimmed, and an empty value counts as not sent. A body
is at most 1 MB; a query string or body has at most 5000 parameters (413), nested at most 32 levels deep (400).

**Answers.** JSON in UTF-8; success bodies wrap the result in \`data\`, except getNumberOfContacts. Send
\`Accept: application/json\` on every call: without it, a validation failure is a redirect (302) instead of a 422,
unless the call is an XHR (\`X-Requested-With: XMLHttpRequest\`) accepting anything (\`Accept\` missing or \`*/*\`); only
the first type of \`Accept\` counts, as on the platform.
Texts follow \`Accept-Language\` (English or Russian) and may change; rely on statuses, \`code\` and the keys of \`errors\` (§7.1).

**Limits.** 120 calls per minute per account, all methods combined (the server's \`RATE_LIMIT_PER_MINUTE\`); every
answer carries \`X-RateLimit-Limit\` and \`X-RateLimit-Remaining\`, and a 429 also \`Retry-After\` (§8). A key
that matched no account is refused with 429 and \`Retry-After\` once the same client address has sent it the server's
\`AUTH_FAILURES_PER_MINUTE\` times in a minute (60 by default); other keys from that address are not refused for it.
Wrong admin tokens are limited per client address.

**Deprecation.** A deprecated method works until its sunset date, with \`Deprecation: true\` and \`Sunset\` on every
answer; after it, it answers 410 with \`code\` \`method_removed\` (§9).

**Admin API.** \`/admin/v1\` provisions what the specification leaves to the dashboard: accounts and keys, projects,
bots, contacts, blocking of contact accounts, deprecations. It exists only when the server has an \`ADMIN_TOKEN\`,
which it takes as a bearer token.`;

const pascal = (name: string) => name[0].toUpperCase() + name.slice(1);

/** `/bots/:id` as OpenAPI writes it: `/bots/{id}`. */
const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');

/** Object-valued parameters travel in bracket notation: OpenAPI's `deepObject` style. */
function isStructured(schema: JsonSchema): boolean {
	if (schema.type === 'object') return true;
	if (schema.type === 'array' && typeof schema.items === 'object') return isStructured(schema.items as JsonSchema);
	return Array.isArray(schema.anyOf) && (schema.anyOf as JsonSchema[]).some(isStructured);
}

/** Named objects of `components` other than schemas, each described once and referred to (`$ref`) wherever used. */
class NamedObjects {
	readonly objects: Record<string, Json> = {};

	constructor(private readonly pointer: string) {}

	refTo(id: string, describe: () => Json): Json {
		const json = describe();
		const known = this.objects[id];
		if (known !== undefined && JSON.stringify(known) !== JSON.stringify(json)) {
			throw new Error(`two different objects are named ${id} in ${this.pointer}`);
		}
		this.objects[id] = json;
		return { $ref: `${this.pointer}/${id}` };
	}
}

class DocumentBuilder {
	readonly components = new SchemaComponents();
	readonly headers = new NamedObjects('#/components/headers');
	readonly responseObjects = new NamedObjects('#/components/responses');

	private header(header: AnswerHeader): Json {
		const describe = () => ({
			description: header.description,
			required: header.required ?? false,
			schema: this.components.schemaOf(header.schema, 'output'),
		});
		return header.id === undefined ? describe() : this.headers.refTo(header.id, describe);
	}

	private response(answers: readonly Answer[], extraHeaders: Readonly<Record<string, AnswerHeader>>): Json {
		const [only] = answers;
		if (answers.length === 1 && only.id !== undefined && Object.keys(extraHeaders).length === 0) {
			return this.responseObjects.refTo(only.id, () => this.describeResponse(answers, extraHeaders));
		}
		return this.describeResponse(answers, extraHeaders);
	}

	/** One response for all the answers of one status: their conditions listed, their bodies as alternatives. */
	private describeResponse(answers: readonly Answer[], extraHeaders: Readonly<Record<string, AnswerHeader>>): Json {
		const description = answers.length === 1 ? answers[0].when : answers.map((answer) => `- ${answer.when}`).join('\n');
		const bodies = new Map<string, JsonSchema>();
		for (const answer of answers) {
			if (!answer.body) continue;
			const schema = this.components.schemaOf(answer.body, 'output');
			bodies.set(JSON.stringify(schema), schema);
		}
		const headers = Object.assign({}, ...answers.map((answer) => answer.headers ?? {}), extraHeaders) as Record<
			string,
			AnswerHeader
		>;
		const response: Json = { description };
		if (Object.keys(headers).length > 0) {
			response.headers = Object.fromEntries(Object.entries(headers).map(([name, header]) => [name, this.header(header)]));
		}
		if (bodies.size > 0) {
			const schemas = [...bodies.values()];
			const mediaType = answers.find((answer) => answer.mediaType)?.mediaType ?? 'application/json';
			response.content = { [mediaType]: { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } } };
		}
		return response;
	}

	/** Answers by status, in order; `successHeaders` go on the 2xx ones, `everyHeaders` on all. */
	responses(
		answers: readonly Answer[],
		successHeaders: Readonly<Record<string, AnswerHeader>> = {},
		everyHeaders: Readonly<Record<string, AnswerHeader>> = {},
	): Json {
		const byStatus = new Map<number, Answer[]>();
		for (const answer of new Set(answers)) byStatus.set(answer.status, [...(byStatus.get(answer.status) ?? []), answer]);
		return Object.fromEntries(
			[...byStatus.entries()]
				.sort(([a], [b]) => a - b)
				.map(([status, same]) => [
					String(status),
					this.response(same, { ...(status < 300 ? successHeaders : {}), ...everyHeaders }),
				]),
		);
	}

	private queryParameters(input: JsonSchema, example: Record<string, unknown> = {}): Json[] {
		const required = new Set((input.required ?? []) as string[]);
		return Object.entries((input.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => {
			const { description, ...schema } = property;
			return {
				name,
				in: 'query',
				required: required.has(name),
				...(description === undefined ? {} : { description }),
				schema,
				...(isStructured(property) ? { style: 'deepObject', explode: true } : {}),
				...(example[name] === undefined ? {} : { example: example[name] }),
			};
		});
	}

	private requestBody(name: string, input: JsonSchema, schema: ApiMethod['input'], example: Record<string, unknown>): Json {
		const ref = this.components.refTo(name, schema, 'input');
		const structured = Object.entries((input.properties ?? {}) as Record<string, JsonSchema>).filter(([, property]) =>
			isStructured(property),
		);
		const encoding = Object.fromEntries(structured.map(([property]) => [property, { style: 'deepObject', explode: true }]));
		return {
			required: ((input.required ?? []) as string[]).length > 0,
			content: {
				'application/json': { schema: ref, example },
				'application/x-www-form-urlencoded': { schema: ref, ...(structured.length > 0 ? { encoding } : {}) },
				// The same fields as parts; a file part is refused (422).
				'multipart/form-data': { schema: ref, ...(structured.length > 0 ? { encoding } : {}) },
			},
		};
	}

	apiPathItem(method: ApiMethod, tag: string): Json {
		const input = this.components.schemaOf(method.input, 'input');
		const answers = [...method.success, ...method.refusals, ...validationAnswers, ...accessAnswerList, ...apiTransportAnswers];
		// A deprecated method says so on every answer, known before anything else is (domain/access/deprecations.ts).
		const responses = this.responses(answers, rateHeaders, deprecationHeaders);
		const description =
			`Specification: ${method.section}. ` +
			`Other verbs than ${method.verbs.join(' and ')} answer 405 \`{error}\` with \`Allow: ${method.verbs.join(', ')}\` (§4.1).`;
		const common = { tags: [tag], summary: method.summary, description };
		const item: Json = {};
		if (method.verbs.includes('GET')) {
			const parameters = this.queryParameters(input, method.example);
			item.get = { operationId: `${method.name}.get`, ...common, parameters, responses };
		}
		if (method.verbs.includes('POST')) {
			const requestBody = this.requestBody(`${pascal(method.name)}Parameters`, input, method.input, method.example);
			item.post = { operationId: `${method.name}.post`, ...common, requestBody, responses };
		}
		return item;
	}

	adminOperation(route: AdminRoute, tag: string): Json {
		const parameters: Json[] = Object.entries(route.params ?? {}).map(([name, schema]) => {
			const { description, ...json } = this.components.schemaOf(schema, 'input');
			return { name, in: 'path', required: true, ...(description === undefined ? {} : { description }), schema: json };
		});
		if (route.query) parameters.push(...this.queryParameters(this.components.schemaOf(route.query, 'input')));
		const answers = [
			...route.success,
			...route.refusals,
			...(route.body || route.query ? [validationFailed] : []),
			...(route.body ? bodyAnswers : []),
			...requestAnswers,
			...adminAuthAnswers,
			databaseUnavailableAnswer,
		];
		return {
			operationId: `admin.${route.name}`,
			tags: [tag],
			summary: route.summary,
			security: [{ adminToken: [] }],
			...(parameters.length > 0 ? { parameters } : {}),
			...(route.body
				? {
						requestBody: {
							required: true,
							content: {
								'application/json': {
									schema: this.components.refTo(`Admin${pascal(route.name)}Body`, route.body, 'input'),
									...(route.example === undefined ? {} : { example: route.example }),
								},
							},
						},
					}
				: {}),
			responses: this.responses(answers),
		};
	}
}

/**
 * `/openapi.json` and `/docs` describe themselves too: they need no key, and a client that kept one may revalidate
 * it (the only answers of the server with an ETag).
 */
function referencePaths(): Json {
	const etag = { description: 'The version of this text, for `If-None-Match`.', schema: { type: 'string' } };
	const get = (operationId: string, summary: string, mediaType: string, schema: Json) => ({
		get: {
			operationId,
			tags: [REFERENCE_TAG],
			summary,
			security: [],
			responses: {
				'200': { description: summary, headers: { ETag: etag }, content: { [mediaType]: { schema } } },
				'304': { description: 'Not modified: the `If-None-Match` sent names this version.' },
			},
		},
	});
	return {
		'/openapi.json': get('reference.openapi', 'This document: OpenAPI 3.1.', 'application/json', { type: 'object' }),
		'/docs': get('reference.docs', 'The API reference, rendered from this document.', 'text/html', { type: 'string' }),
	};
}

export function buildOpenApiDocument({ apiAreas, adminAreas, publicUrl }: DocumentSources): Json {
	const builder = new DocumentBuilder();
	const paths: Record<string, Json> = {};
	for (const area of apiAreas) {
		for (const method of area.methods) paths[`/api/v1/${method.name}`] = builder.apiPathItem(method, area.name);
	}
	for (const area of adminAreas) {
		for (const route of area.routes) {
			const path = `/admin/v1${openApiPath(route.path)}`;
			paths[path] = { ...paths[path], [route.verb]: builder.adminOperation(route, area.name) };
			if (route.formerPath !== undefined) {
				const former = `/admin/v1${openApiPath(route.formerPath)}`;
				const operation = builder.adminOperation(route, area.name);
				paths[former] = {
					...paths[former],
					[route.verb]: {
						...operation,
						operationId: `${operation.operationId as string}.formerPath`,
						description: `Deprecated: the former path of \`${route.verb.toUpperCase()} ${path}\`, which answers the same.`,
						deprecated: true,
					},
				};
			}
		}
	}
	Object.assign(paths, referencePaths());
	return {
		openapi: '3.1.0',
		info: {
			title: 'Bot Platform API',
			version: '1',
			description: DESCRIPTION,
			license: { name: 'MIT', identifier: 'MIT' },
		},
		servers: [publicUrl === undefined ? { url: '/', description: 'This server' } : { url: publicUrl }],
		security: API_SECURITY,
		tags: [
			...[...apiAreas, ...adminAreas].map(({ name, description }) => ({ name, description })),
			{ name: REFERENCE_TAG, description: 'This description of the API, as data and as a page.' },
		],
		paths,
		components: {
			schemas: builder.components.schemas,
			responses: builder.responseObjects.objects,
			headers: builder.headers.objects,
			securitySchemes,
		},
	};
}
