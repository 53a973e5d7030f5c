/** Values in error messages, in the shell-like notation mongod uses (`ObjectId('…')`, `new Date(…)`). */
import { isObjectId } from './types';

export function formatValue(value: unknown): string {
	if (value instanceof Date) return `new Date(${value.getTime()})`;
	if (isObjectId(value)) return `ObjectId('${value.toHexString()}')`;
	return JSON.stringify(value) ?? String(value);
}
