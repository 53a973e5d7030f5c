/** `distinct`: the distinct values of a field among the documents a query matches, in BSON order. */
import { compareBson } from '../bson/compare';
import { valuesAtPath } from '../bson/paths';
import { CommandError } from '../errors';
import { findRecords } from '../engine/query/executor';
import { collectionName, existingCollection, optionalDocument, rejectCollation } from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, checkQuery, fieldRules } from './fields';

const DISTINCT_FIELDS = fieldRules('distinct', { accepted: ['key', 'query', 'collation', 'hint'] });

export const distinct: CommandHandler = (command, context) => {
	checkFields(command, DISTINCT_FIELDS, true);
	rejectCollation(command);
	const key: unknown = command.key;
	if (typeof key !== 'string') throw new CommandError('TypeMismatch', "BSON field 'distinct.key' is missing or not a string");
	const collection = existingCollection(context, collectionName(command));
	const filter = optionalDocument(command, 'query') ?? {};
	checkQuery(collection, filter, command.hint);
	const records = collection ? findRecords(collection, { filter }).results : [];
	// Array values contribute their elements, as in mongod.
	const values = records.flatMap((record) =>
		valuesAtPath(record.doc, key).flatMap((value) => (Array.isArray(value) ? value : [value])),
	);
	const sorted = values.sort(compareBson);
	return { values: sorted.filter((value, i) => i === 0 || compareBson(sorted[i - 1], value) !== 0), ok: 1 };
};
