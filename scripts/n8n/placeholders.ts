/**
 * Placeholders in example workflows and expectations (documented in examples/README.md): a JSON string that is
 * exactly "__NAME__" becomes the value with its own type (numbers stay numbers); inside a longer string,
 * "__NAME__" is replaced by the value's text.
 */
export type Placeholders = Record<`__${string}__`, string | number>;

export function fillPlaceholders<T>(value: T, values: Placeholders): T {
	return fill(value, values) as T;
}

/** Placeholders still in `value` after filling: unknown names, which would otherwise reach n8n as text. */
export function leftoverPlaceholders(value: unknown): string[] {
	return [...new Set(JSON.stringify(value).match(/__[A-Z][A-Z0-9_]*__/g) ?? [])];
}

function fill(value: unknown, values: Placeholders): unknown {
	if (typeof value === 'string') {
		if (Object.hasOwn(values, value)) return values[value as keyof Placeholders];
		return value.replace(/__[A-Z0-9_]+?__/g, (name) =>
			Object.hasOwn(values, name) ? String(values[name as keyof Placeholders]) : name,
		);
	}
	if (Array.isArray(value)) return value.map((item) => fill(item, values));
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, values)]));
	}
	return value;
}
