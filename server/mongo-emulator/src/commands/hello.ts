/** `hello` and the legacy `ismaster`/`isMaster`: the handshake. The emulator presents itself as a standalone MongoDB 7.0. */
import type { Document } from 'bson';
import type { CommandContext, CommandHandler } from './command-context';

/** MongoDB 7.0's wire version; drivers require at least 9 (4.4) and adapt to features by this number. */
const MAX_WIRE_VERSION = 21;

/** `hello` and the legacy `ismaster`, which differ only in the name of the primary flag. */
function helloHandler(primaryField: 'isWritablePrimary' | 'ismaster'): CommandHandler {
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

export const hello = helloHandler('isWritablePrimary');
export const isMaster = helloHandler('ismaster');
