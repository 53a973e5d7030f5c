/** Reading and validating command arguments, with the errors mongod gives for wrong types. */
import type { Document } from 'bson';
import { isLong, isPlainObject } from '../bson/types';
import { badValue, CommandError } from '../errors';
import type { Collection } from '../engine/collection';
import type { CommandContext } from './command-context';

/** The collection named by the command's first field, e.g. `{find: "users"}`. */
export function collectionName(command: Document): string {
	const [name, value] = Object.entries(command)[0];
	if (typeof value !== 'string' || value === '') {
		throw new CommandError('InvalidNamespace', `collection name has invalid type ${typeof value} for command ${name}`);
	}
	return value;
}

export function namespace(context: CommandContext, collection: string): string {
	return `${context.databaseName}.${collection}`;
}

/** The named collection if it exists, after lazily removing TTL-expired documents. */
export function existingCollection(context: CommandContext, name: string): Collection | undefined {
	const collection = context.engine.database(context.databaseName).collection(name);
	collection?.removeExpired(new Date());
	return collection;
}

/** The named collection, created implicitly as writes do on a real server. */
export function collectionForWrite(context: CommandContext, name: string): Collection {
	const collection = context.engine.database(context.databaseName).collectionOrCreate(name);
	collection.removeExpired(new Date());
	return collection;
}

export function optionalDocument(command: Document, field: string): Document | undefined {
	const value: unknown = command[field];
	if (value === undefined || value === null) return undefined;
	if (!isPlainObject(value))
		throw new CommandError('TypeMismatch', `BSON field '${field}' is the wrong type, expected an object`);
	return value;
}

/** An integer argument (drivers may send int32, int64 or double). */
export function optionalInteger(document: Document, field: string): number | undefined {
	const value: unknown = document[field];
	if (value === undefined || value === null) return undefined;
	const number = isLong(value) ? value.toNumber() : value;
	if (typeof number !== 'number' || !Number.isInteger(number)) {
		throw new CommandError('TypeMismatch', `BSON field '${field}' is the wrong type, expected a number`);
	}
	return number;
}

export function nonNegativeInteger(document: Document, field: string): number | undefined {
	const value = optionalInteger(document, field);
	if (value !== undefined && value < 0) throw badValue(`${field} must be non-negative, but received: ${value}`);
	return value;
}

export function documentArray(command: Document, field: string): Document[] {
	const value: unknown = command[field];
	if (!Array.isArray(value) || !value.every(isPlainObject)) {
		throw new CommandError('TypeMismatch', `BSON field '${field}' is the wrong type, expected an array of objects`);
	}
	return value;
}

/** Only the default binary comparison is implemented; a real collation would change results. */
export function rejectCollation(document: Document): void {
	const collation: unknown = document.collation;
	if (collation === undefined || collation === null) return;
	if (isPlainObject(collation) && collation.locale === 'simple') return;
	throw badValue('collations are not supported by the mongo emulator');
}
