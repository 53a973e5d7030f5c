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
import { parseFindArguments } from './cursor-commands';

const explain: CommandHandler = (command, context) => {
	const explained: unknown = command.explain;
	if (!isPlainObject(explained)) throw badValue('explain must be given a command document');
	const name = collectionName(explained);
	const stats = explainedStats(explained, context, name);
	return {
		queryPlanner: { namespace: namespace(context, name), winningPlan: winningPlan(stats) },
		executionStats: {
			executionSuccess: true,
			nReturned: stats.nReturned,
			totalKeysExamined: stats.keysExamined,
			totalDocsExamined: stats.docsExamined,
		},
		ok: 1,
	};
};

function explainedStats(explained: Document, context: CommandContext, name: string): QueryStats {
	const commandName = Object.keys(explained)[0];
	const collection = existingCollection(context, name);
	const empty: QueryStats = { planSummary: 'EOF', keysExamined: 0, docsExamined: 0, nReturned: 0 };
	switch (commandName) {
		case 'find':
			return collection ? findRecords(collection, parseFindArguments(explained)).stats : empty;
		case 'count': {
			const query = { filter: optionalDocument(explained, 'query') ?? {}, skip: nonNegativeInteger(explained, 'skip') };
			return collection ? countMatches(collection, query).stats : empty;
		}
		case 'aggregate':
			return runAggregate(context.engine.database(context.databaseName), name, explained.pipeline).stats ?? empty;
		default:
			throw badValue(`explain of ${commandName} is not supported by the mongo emulator`);
	}
}

function winningPlan(stats: QueryStats): Document {
	if (!stats.indexName) return { stage: stats.planSummary === 'EOF' ? 'EOF' : 'COLLSCAN' };
	const indexScan = { stage: 'IXSCAN', indexName: stats.indexName };
	return stats.docsExamined === 0 && stats.keysExamined > 0
		? { stage: 'COUNT_SCAN', indexName: stats.indexName }
		: { stage: 'FETCH', inputStage: indexScan };
}

export const explainCommands: Record<string, CommandHandler> = { explain };
