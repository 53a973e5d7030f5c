/**
 * Every command the emulator answers, one file each in this directory, with the help text `listCommands` gives. Sorted by name; the old spellings drivers still send (`buildinfo`, `findandmodify`, `ismaster`) are
 * entries of their own with the same handler.
 */
import { aggregate } from './aggregate';
import { buildInfo } from './build-info';
import type { CommandHandler } from './command-context';
import { count } from './count';
import { create } from './create';
import { createIndexes } from './create-indexes';
import { deleteCommand } from './delete';
import { distinct } from './distinct';
import { drop } from './drop';
import { dropDatabase } from './drop-database';
import { dropIndexes } from './drop-indexes';
import { endSessions } from './end-sessions';
import { explain } from './explain';
import { find } from './find';
import { findAndModify } from './find-and-modify';
import { getCmdLineOpts } from './get-cmd-line-opts';
import { getMore } from './get-more';
import { getParameter } from './get-parameter';
import { hello, isMaster } from './hello';
import { insert } from './insert';
import { killCursors } from './kill-cursors';
import { listCollections } from './list-collections';
import { listCommandsOf } from './list-commands';
import { listDatabases } from './list-databases';
import { listIndexes } from './list-indexes';
import { ping } from './ping';
import { update } from './update';

export interface CommandEntry {
	readonly handler: CommandHandler;
	readonly help: string;
}

export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
	aggregate: { handler: aggregate, help: 'Runs an aggregation pipeline on a collection and answers with a cursor.' },
	buildInfo: { handler: buildInfo, help: 'Returns the version the emulator presents (MongoDB 7.0.0).' },
	buildinfo: { handler: buildInfo, help: 'Old spelling of buildInfo.' },
	count: { handler: count, help: 'Counts the documents a query matches.' },
	create: { handler: create, help: 'Creates a collection.' },
	createIndexes: { handler: createIndexes, help: 'Creates indexes on a collection.' },
	delete: { handler: deleteCommand, help: 'Deletes documents.' },
	distinct: { handler: distinct, help: 'Returns the distinct values of a field among the documents a query matches.' },
	drop: { handler: drop, help: 'Drops a collection.' },
	dropDatabase: { handler: dropDatabase, help: 'Drops the current database.' },
	dropIndexes: { handler: dropIndexes, help: 'Drops indexes of a collection.' },
	endSessions: { handler: endSessions, help: 'Ends sessions (they hold no state here).' },
	explain: { handler: explain, help: 'Reports the plan and the work of a find, count or aggregate.' },
	find: { handler: find, help: 'Queries a collection and answers with a cursor.' },
	findAndModify: { handler: findAndModify, help: 'Updates, replaces or removes one document and returns it.' },
	findandmodify: { handler: findAndModify, help: 'Old spelling of findAndModify.' },
	getCmdLineOpts: { handler: getCmdLineOpts, help: 'Returns the command line options (none here).' },
	getMore: { handler: getMore, help: 'Returns the next batch of a cursor.' },
	getParameter: {
		handler: getParameter,
		help: 'Returns server parameters (featureCompatibilityVersion, authenticationMechanisms).',
	},
	hello: { handler: hello, help: 'Describes the server to a driver: a standalone MongoDB 7.0.' },
	insert: { handler: insert, help: 'Inserts documents.' },
	isMaster: { handler: isMaster, help: 'Old name of hello.' },
	ismaster: { handler: isMaster, help: 'Old name of hello.' },
	killCursors: { handler: killCursors, help: 'Closes cursors.' },
	listCollections: { handler: listCollections, help: 'Lists the collections of the current database.' },
	listCommands: { handler: listCommandsOf(() => COMMANDS), help: 'Lists the commands the emulator answers, with this help.' },
	listDatabases: { handler: listDatabases, help: 'Lists the databases that hold collections.' },
	listIndexes: { handler: listIndexes, help: 'Lists the indexes of a collection.' },
	ping: { handler: ping, help: 'Answers ok.' },
	update: { handler: update, help: 'Updates or replaces documents.' },
};
