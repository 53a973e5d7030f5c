/**
 * `explain` for find, count and aggregate: runs the query and reports the chosen plan and how many index
 * keys and documents it examined, in the shape of mongod's executionStats.
 */
import type { Document } from 'bson';
import { isPlainObject } from '../bson/types';
import { badValue } from '../errors';
import { runAggregate } from '../engine/aggregate';
import { countMatches, findRecords, type QueryStats } from '../engine/query/executor';
import { collectionName, existingCollection, namespace, nonNegativeInteger, optionalDocument } from './arguments';
import type { CommandContext, CommandHandler } from './command-context';
import { AGGREGATE_FIELDS } from './aggregate';
import { COUNT_FIELDS } from './count';
import { checkFields, fieldRules, letVariables } from './fields';
import { parseFindArguments } from './find';

/** The verbosity changes only how much a real server reports; this report is the same at every level. */
const EXPLAIN_FIELDS = fieldRules('explain', { accepted: ['verbosity'] });

export const explain: CommandHandler = (command, context) => {
	checkFields(command, EXPLAIN_FIELDS, true);
	const explained: unknown = command.explain;
	if (!isPlainObject(explained)) throw badValue('explain must be given a command document');
	const name = collectionName(explained);
	const stats = explainedStats(explained, context, name);
	const { nReturned = 0, keysExamined = 0, docsExamined = 0 } = stats ?? {};
	return {
		queryPlanner: { namespace: namespace(context, name), winningPlan: winningPlan(stats) },
		executionStats: { executionSuccess: true, nReturned, totalKeysExamined: keysExamined, totalDocsExamined: docsExamined },
		ok: 1,
	};
};

/** Undefined when there is no collection to query (mongod's EOF plan). */
function explainedStats(explained: Document, context: CommandContext, name: string): QueryStats | undefined {
	const commandName = Object.keys(explained)[0];
	const collection = existingCollection(context, name);
	switch (commandName) {
		case 'find':
			return collection && findRecords(collection, parseFindArguments(explained)).stats;
		case 'count': {
			checkFields(explained, COUNT_FIELDS, true);
			const query = { filter: optionalDocument(explained, 'query') ?? {}, skip: nonNegativeInteger(explained, 'skip') };
			return collection && countMatches(collection, query).stats;
		}
		case 'aggregate':
			checkFields(explained, AGGREGATE_FIELDS, true);
			return runAggregate(context.engine.database(context.databaseName), name, explained.pipeline, letVariables(explained)).stats;
		default:
			throw badValue(`explain of ${commandName} is not supported by the mongo emulator`);
	}
}

function winningPlan(stats: QueryStats | undefined): Document {
	if (!stats) return { stage: 'EOF' };
	if (!stats.indexName) return { stage: 'COLLSCAN' };
	return stats.keysOnly
		? { stage: 'COUNT_SCAN', indexName: stats.indexName }
		: { stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: stats.indexName } };
}
