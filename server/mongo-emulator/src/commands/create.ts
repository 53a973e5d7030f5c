/** `create`: an empty collection with the default `_id` index. */
import { badValue } from '../errors';
import { collectionName } from './arguments';
import type { CommandHandler } from './command-context';

/** Collection options that would change behaviour the emulator does not implement. */
const UNSUPPORTED_CREATE_OPTIONS = [
	'capped',
	'validator',
	'viewOn',
	'timeseries',
	'clusteredIndex',
	'changeStreamPreAndPostImages',
	'collation',
];

export const create: CommandHandler = (command, context) => {
	const name = collectionName(command);
	const unsupported = UNSUPPORTED_CREATE_OPTIONS.find((option) => command[option] !== undefined && command[option] !== false);
	if (unsupported) throw badValue(`collection option '${unsupported}' is not supported by the mongo emulator`);
	context.engine.database(context.databaseName).create(name);
	return { ok: 1 };
};
