/** `getParameter`: the few server parameters drivers and tools ask for. */
import type { Document } from 'bson';
import type { CommandHandler } from './command-context';

const KNOWN_PARAMETERS: Document = {
	featureCompatibilityVersion: { version: '7.0' },
	authenticationMechanisms: [],
};

export const getParameter: CommandHandler = (command) => {
	const wanted =
		command.getParameter === '*' ? Object.keys(KNOWN_PARAMETERS) : Object.keys(command).filter((key) => key in KNOWN_PARAMETERS);
	return { ...Object.fromEntries(wanted.map((name) => [name, KNOWN_PARAMETERS[name]])), ok: 1 };
};
