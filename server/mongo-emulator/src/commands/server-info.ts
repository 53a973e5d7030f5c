/** Handshake and server-information commands. The emulator presents itself as a standalone MongoDB 7.0. */
import type { Document } from 'bson';
import type { CommandContext, CommandHandler } from './command-context';

const VERSION = '7.0.0';
/** MongoDB 7.0's wire version; drivers require at least 9 (4.4) and adapt to features by this number. */
const MAX_WIRE_VERSION = 21;

/** `hello` and the legacy `ismaster`, which differ only in the name of the primary flag. */
function hello(primaryField: 'isWritablePrimary' | 'ismaster'): CommandHandler {
	return (command: Document, context: CommandContext) => ({
		...(command.helloOk === true && { helloOk: true }),
		[primaryField]: true,
		maxBsonObjectSize: 16 * 1024 * 1024,
		maxMessageSizeBytes: 48_000_000,
		maxWriteBatchSize: 100_000,
		localTime: new Date(),
		// Without this the driver creates no sessions (and sends no endSessions).
		logicalSessionTimeoutMinutes: 30,
		connectionId: context.connectionId,
		// With it, drivers monitor by the streaming protocol (see awaitable-hello.ts), as with a real mongod.
		topologyVersion: context.topologyVersion,
		minWireVersion: 0,
		maxWireVersion: MAX_WIRE_VERSION,
		readOnly: false,
		ok: 1,
	});
}

const buildInfo: CommandHandler = () => ({
	version: VERSION,
	gitVersion: 'mongo-emulator',
	versionArray: [7, 0, 0, 0],
	bits: 64,
	debug: false,
	maxBsonObjectSize: 16 * 1024 * 1024,
	storageEngines: ['memory'],
	ok: 1,
});

const KNOWN_PARAMETERS: Document = {
	featureCompatibilityVersion: { version: '7.0' },
	authenticationMechanisms: [],
};

const getParameter: CommandHandler = (command) => {
	const wanted =
		command.getParameter === '*' ? Object.keys(KNOWN_PARAMETERS) : Object.keys(command).filter((key) => key in KNOWN_PARAMETERS);
	return { ...Object.fromEntries(wanted.map((name) => [name, KNOWN_PARAMETERS[name]])), ok: 1 };
};

export const serverInfoCommands: Record<string, CommandHandler> = {
	hello: hello('isWritablePrimary'),
	ismaster: hello('ismaster'),
	isMaster: hello('ismaster'),
	ping: () => ({ ok: 1 }),
	buildInfo,
	buildinfo: buildInfo,
	getParameter,
	getCmdLineOpts: () => ({ argv: ['mongo-emulator'], parsed: {}, ok: 1 }),
	// Sessions hold no server state here, so there is nothing to end.
	endSessions: () => ({ ok: 1 }),
};
