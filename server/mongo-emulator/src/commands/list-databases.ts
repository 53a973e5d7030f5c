/** `listDatabases`: the databases that hold a collection, filtered. */
import { compileFilter } from '../engine/query/matcher';
import { optionalDocument } from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';

/** Without authentication every database is authorized. */
const LIST_DATABASES_FIELDS = fieldRules('listDatabases', { accepted: ['filter', 'nameOnly', 'authorizedDatabases'] });

export const listDatabases: CommandHandler = (command, context) => {
	checkFields(command, LIST_DATABASES_FIELDS, true);
	const matches = compileFilter(optionalDocument(command, 'filter'));
	const databases = context.engine
		.listDatabases()
		.map((database) => ({ name: database.name, sizeOnDisk: 0, empty: false }))
		.filter(matches);
	return command.nameOnly === true
		? { databases: databases.map(({ name }) => ({ name })), ok: 1 }
		: { databases, totalSize: 0, totalSizeMb: 0, ok: 1 };
};
