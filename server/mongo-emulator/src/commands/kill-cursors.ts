/** `killCursors`: closes cursors by id, reporting which were open. */
import { Long } from 'bson';
import { CommandError } from '../errors';
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';
import { cursorId } from './cursor-reply';

const KILL_CURSORS_FIELDS = fieldRules('killCursors', { accepted: ['cursors'] });

export const killCursors: CommandHandler = (command, context) => {
	checkFields(command, KILL_CURSORS_FIELDS, true);
	const ids: unknown = command.cursors;
	if (!Array.isArray(ids)) throw new CommandError('TypeMismatch', "BSON field 'killCursors.cursors' must be an array");
	const { killed, notFound } = context.engine.cursors.kill(ids.map(cursorId));
	return {
		cursorsKilled: killed.map((id) => Long.fromNumber(id)),
		cursorsNotFound: notFound.map((id) => Long.fromNumber(id)),
		cursorsAlive: [],
		cursorsUnknown: [],
		ok: 1,
	};
};
