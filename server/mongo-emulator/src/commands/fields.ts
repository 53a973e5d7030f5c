/**
 * What each command accepts, so that nothing it is sent is silently ignored: a field the emulator implements or
 * that cannot change the answer of one in-memory node passes; a field MongoDB knows but the emulator does not
 * implement is refused with BadValue, saying so; any other field is refused as MongoDB refuses a field it does not
 * know (40415, "BSON field 'find.foo' is an unknown field.").
 */
import type { Document } from 'bson';
import { compareBson } from '../bson/compare';
import { isPlainObject } from '../bson/types';
import { badValue, CommandError } from '../errors';
import type { Collection } from '../engine/collection';
import { keyPattern } from '../engine/indexes/index-spec';
import { evaluateVariables } from '../engine/aggregate';
import { compileFilter } from '../engine/query/matcher';

/**
 * Fields drivers add to any command. `readConcern` and `writeConcern` change nothing on a single in-memory node
 * (a write is applied, visible and as durable as it gets when it is acknowledged; `w: 0` is the driver not waiting);
 * `maxTimeMS` cannot be reached by a command that runs to completion without yielding; `comment` is for logs.
 */
const GENERIC_FIELDS = [
	'$db',
	'lsid',
	'$clusterTime',
	'$readPreference',
	'readConcern',
	'writeConcern',
	'maxTimeMS',
	'comment',
	'apiVersion',
	'apiStrict',
	'apiDeprecationErrors',
	// Refused by the dispatcher, which reads them first.
	'txnNumber',
	'autocommit',
	'startTransaction',
];

export interface FieldRules {
	/** Fields the command implements (besides its first, which names it, and the generic ones). */
	readonly accepted: readonly string[];
	/** Fields MongoDB knows that the emulator does not implement, with why; refused unless false or null. */
	readonly refused?: Readonly<Record<string, string>>;
}

/** The compiled form of a command's (or a statement's) rules. */
export interface FieldChecker {
	readonly path: string;
	readonly accepted: ReadonlySet<string>;
	readonly refused: ReadonlyMap<string, string>;
}

/** Every command's rules, for the README's test. */
export const ALL_FIELD_RULES: FieldChecker[] = [];

export function fieldRules(path: string, rules: FieldRules, options: { generic: boolean } = { generic: true }): FieldChecker {
	const accepted = new Set([...rules.accepted, ...(options.generic ? GENERIC_FIELDS : [])]);
	const checker = { path, accepted, refused: new Map(Object.entries(rules.refused ?? {})) };
	ALL_FIELD_RULES.push(checker);
	return checker;
}

/** Throws for the first field the rules do not accept. `skipFirst` for a command, whose first field is its name. */
export function checkFields(document: Document, checker: FieldChecker, skipFirst: boolean): void {
	let first = skipFirst;
	for (const field in document) {
		if (first) {
			first = false;
			continue;
		}
		if (checker.accepted.has(field)) continue;
		const refusal = checker.refused.get(field);
		if (refusal === undefined) {
			throw new CommandError('Location40415', `BSON field '${checker.path}.${field}' is an unknown field.`);
		}
		const value: unknown = document[field];
		if (value === false || value === null || value === undefined) continue;
		throw badValue(`'${field}' (${refusal}) is not supported by the mongo emulator`);
	}
}

/**
 * A command's `let`: each value is an expression, evaluated once (`{id: 1}`, `{when: '$$NOW'}`); the variables are
 * read as `$$name` by `$expr` in its filters, by its pipeline and by its pipeline updates.
 */
export function letVariables(command: Document): Document | undefined {
	const expressions: unknown = command.let;
	if (expressions === undefined || expressions === null) return undefined;
	if (!isPlainObject(expressions))
		throw new CommandError('TypeMismatch', "BSON field 'let' is the wrong type, expected an object");
	for (const name in expressions) {
		// As MongoDB: a user variable starts with a lowercase letter or a non-ASCII character (NOW, ROOT... are the system's).
		if (!/^[a-z\u0080-\uffff][\w\u0080-\uffff]*$/.test(name)) {
			throw badValue(`'${name}' starts with an invalid character for a user variable name`);
		}
	}
	return evaluateVariables(expressions);
}

/**
 * What every query's command checks before it reads: its hint (below), and, when there is no collection to read, its
 * filter, which MongoDB parses before it looks for documents (an unknown operator is refused even then).
 */
export function checkQuery(collection: Collection | undefined, filter: Document, hint: unknown): void {
	checkHint(collection, hint);
	if (!collection) compileFilter(filter);
}

/**
 * `hint` does not change which documents match, unless it names a sparse or partial index (which a real server then
 * reads alone); so it is checked against the collection's indexes as MongoDB checks it, and refused for those.
 * The plan is still the planner's own.
 */
function checkHint(collection: Collection | undefined, hint: unknown): void {
	if (hint === undefined || hint === null || collection === undefined) return;
	if (typeof hint !== 'string' && !isPlainObject(hint)) {
		throw new CommandError('FailedToParse', 'hint must be a string or an object');
	}
	if (typeof hint === 'string' && hint === '') return;
	if (isPlainObject(hint) && Object.keys(hint).length === 0) return;
	const index = collection
		.indexList()
		.find((candidate) =>
			typeof hint === 'string' ? candidate.name === hint : compareBson(keyPattern(candidate.spec.fields), hint) === 0,
		);
	if (!index) throw badValue('hint provided does not correspond to an existing index');
	if (index.spec.sparse || index.spec.partialFilterExpression !== undefined) {
		throw badValue(`a hint of the sparse or partial index ${index.name} is not supported by the mongo emulator`);
	}
}
