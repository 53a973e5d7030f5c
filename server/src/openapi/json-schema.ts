/**
 * zod schemas as OpenAPI 3.1 Schema Objects, through zod's own `z.toJSONSchema` (OpenAPI 3.1 uses JSON Schema
 * 2020-12). Parameters are described as they are read (`io: 'input'`: before defaults and transforms), answers as
 * they are sent (`io: 'output'`). A schema named with `.meta({id})` becomes one entry of `components.schemas`,
 * referred to wherever it is used.
 */
import { z } from 'zod';

export type JsonSchema = { [keyword: string]: unknown };

export type SchemaIo = 'input' | 'output';

const LOCAL_DEFS = '#/$defs/';
const COMPONENTS = '#/components/schemas/';

/** The `$ref`s that start with `from`, at any depth, made to start with `to` instead. */
export function moveRefs(value: unknown, from: string, to: string): unknown {
	if (Array.isArray(value)) return value.map((item) => moveRefs(item, from, to));
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.entries(value).map(([key, inner]) => [
			key,
			key === '$ref' && typeof inner === 'string' && inner.startsWith(from)
				? to + inner.slice(from.length)
				: moveRefs(inner, from, to),
		]),
	);
}

/** zod's refs to its local `$defs` as refs to `components.schemas`. */
const pointAtComponents = (value: unknown) => moveRefs(value, LOCAL_DEFS, COMPONENTS);

const isEmptyObject = (value: unknown) =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/** Drops what zod states that says nothing to a reader, and that viewers would show as if it did. */
function withoutNoise({ jsonSchema }: { jsonSchema: JsonSchema }): void {
	// z.int() states the safe-integer range, true of every integer this API handles; Swagger UI would offer
	// -9007199254740991 as the example of every ID.
	if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
	if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
	// `additionalProperties: {}` allows any member, as its absence does, but viewers render it as made-up members.
	if (isEmptyObject(jsonSchema.additionalProperties)) delete jsonSchema.additionalProperties;
}

export class SchemaComponents {
	readonly schemas: Record<string, JsonSchema> = {};
	/** Texts of the components, to tell a second use of a name with another shape (an id used for input and output). */
	private readonly texts = new Map<string, string>();
	private readonly names = new Map<z.ZodType, string>();
	/** Conversions done, by schema: the same answers recur in every operation. */
	private readonly converted: Record<SchemaIo, Map<z.ZodType, JsonSchema>> = { input: new Map(), output: new Map() };

	/** The Schema Object of `schema`; its named parts are added to the components. */
	schemaOf(schema: z.ZodType, io: SchemaIo): JsonSchema {
		let json = this.converted[io].get(schema);
		if (json === undefined) {
			const converted = z.toJSONSchema(schema, { io, target: 'draft-2020-12', override: withoutNoise }) as JsonSchema;
			const { $schema: _dialect, $defs, ...own } = converted;
			for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
				this.add(name, pointAtComponents(definition) as JsonSchema);
			}
			json = pointAtComponents(own) as JsonSchema;
			this.converted[io].set(schema, json);
		}
		return json;
	}

	/** A ref to `schema` as a component named `name`; a schema used again keeps the name it was first given. */
	refTo(name: string, schema: z.ZodType, io: SchemaIo): JsonSchema {
		let given = this.names.get(schema);
		if (given === undefined) {
			given = name;
			this.add(given, this.schemaOf(schema, io));
			this.names.set(schema, given);
		}
		return { $ref: COMPONENTS + given };
	}

	private add(name: string, json: JsonSchema): void {
		const text = JSON.stringify(json);
		const known = this.texts.get(name);
		if (known !== undefined && known !== text) {
			throw new Error(`two different schemas are named ${name}; give one of them another .meta({ id })`);
		}
		this.texts.set(name, text);
		this.schemas[name] = json;
	}
}
