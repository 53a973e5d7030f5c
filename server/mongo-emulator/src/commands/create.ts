/** `create`: an empty collection with the default `_id` index. */
import { collectionName } from './arguments';
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';

/** Collection options that would change behaviour the emulator does not implement (refused unless false). */
const CREATE_FIELDS = fieldRules('create', {
	accepted: [],
	refused: Object.fromEntries(
		[
			'capped',
			'size',
			'max',
			'validator',
			'validationLevel',
			'validationAction',
			'viewOn',
			'pipeline',
			'timeseries',
			'expireAfterSeconds',
			'clusteredIndex',
			'changeStreamPreAndPostImages',
			'collation',
			'storageEngine',
			'indexOptionDefaults',
			'encryptedFields',
			'idIndex',
		].map((option) => [option, 'a collection option']),
	),
});

export const create: CommandHandler = (command, context) => {
	const name = collectionName(command);
	checkFields(command, CREATE_FIELDS, true);
	context.engine.database(context.databaseName).create(name);
	return { ok: 1 };
};
