/**
 * JSON text for API answers. Plain JS objects always list integer-like keys ("2024") first, whatever the
 * insertion order, so a map whose order matters (a list's `fields`, §2.1) is built as an `OrderedObject`,
 * which this serializer writes in its own order. Every other value is written exactly as JSON.stringify would.
 */

export class OrderedObject {
	constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}
}

function hasToJson(value: object): value is { toJSON(key: string): unknown } {
	return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

function writeObject(entries: Iterable<readonly [string, unknown]>): string {
	const members: string[] = [];
	for (const [key, inner] of entries) {
		const text = write(inner, key);
		if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
	}
	return `{${members.join(',')}}`;
}

/** `undefined` where JSON.stringify would drop the member (undefined, functions, symbols). */
function write(value: unknown, key: string): string | undefined {
	if (value instanceof OrderedObject) return writeObject(value.entries);
	if (value === null || typeof value !== 'object') return JSON.stringify(value);
	if (value instanceof String || value instanceof Number || value instanceof Boolean) return JSON.stringify(value);
	if (hasToJson(value)) return write(value.toJSON(key), key);
	if (Array.isArray(value)) return `[${value.map((item, index) => write(item, String(index)) ?? 'null').join(',')}]`;
	return writeObject(Object.entries(value));
}

export function toJsonText(value: unknown): string {
	return write(value, '') ?? 'null';
}
