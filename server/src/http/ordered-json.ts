/**
 * JSON text for API answers. Plain JS objects always list integer-like keys ("2024") first, whatever the
 * insertion order, so a map whose order matters (a list's `fields`, §2.1) is built as an `OrderedObject`,
 * which is written in its own order. Everything else goes through the native JSON.stringify, which is
 * several times faster than a serializer written in JS (it matters for 1000-contact pages).
 */
import { randomUUID } from 'node:crypto';

export class OrderedObject {
	constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}
}

function writeOrdered(object: OrderedObject): string {
	const members: string[] = [];
	for (const [key, value] of object.entries) {
		// As JSON.stringify does, members whose value has no JSON form are left out.
		if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
		members.push(`${JSON.stringify(key)}:${toJsonText(value)}`);
	}
	return `{${members.join(',')}}`;
}

/**
 * Each OrderedObject is first written as a placeholder string that no data can contain (a fresh UUID),
 * then the placeholder is swapped for the object's own text.
 */
export function toJsonText(value: unknown): string {
	const marker = `ordered-object:${randomUUID()}:`;
	const ordered: string[] = [];
	const text: string | undefined = JSON.stringify(value, (_key, inner: unknown) => {
		if (!(inner instanceof OrderedObject)) return inner;
		ordered.push(writeOrdered(inner));
		return `${marker}${ordered.length - 1}`;
	});
	if (text === undefined) return 'null';
	if (ordered.length === 0) return text;
	return text.replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_whole, index: string) => ordered[Number(index)]);
}
