/** `listCommands`: every command the emulator answers, sorted, with its line of help from the registry. */
import type { CommandHandler } from './command-context';
import { checkFields, fieldRules } from './fields';

const LIST_COMMANDS_FIELDS = fieldRules('listCommands', { accepted: [] });

/** Takes the registry by a function, since the registry lists this command too. */
export function listCommandsOf(commands: () => Readonly<Record<string, { readonly help: string }>>): CommandHandler {
	return (command) => {
		checkFields(command, LIST_COMMANDS_FIELDS, true);
		const names = Object.keys(commands()).sort();
		return { commands: Object.fromEntries(names.map((name) => [name, { help: commands()[name].help }])), ok: 1 };
	};
}
