/**
 * One client connection: reassembles messages from the socket, runs each command and writes the reply.
 * Commands run synchronously in arrival order, so replies on a connection keep the request order.
 */
import type { Socket } from 'node:net';
import type { Document } from 'bson';
import { runCommand } from './commands/dispatch';
import type { Engine } from './engine/engine';
import { CommandError } from './errors';
import type { EmulatorLogger } from './logger';
import { MessageFramer } from './wire/message-framer';
import { OpCode, readHeader } from './wire/message-header';
import { decodeOpMsg, encodeOpMsg, MORE_TO_COME } from './wire/op-msg';
import { decodeOpQuery, encodeOpReply } from './wire/op-query';

export function serveConnection(socket: Socket, engine: Engine, connectionId: number, logger: EmulatorLogger): void {
	const framer = new MessageFramer();
	const nextResponseId = responseIds();
	socket.setNoDelay(true);
	socket.on('data', (chunk: Buffer) => {
		try {
			for (const message of framer.push(chunk)) {
				const reply = handleMessage(message, { engine, connectionId, logger, nextResponseId });
				if (reply) socket.write(reply);
			}
		} catch (error) {
			logger.warn(`mongo-emulator: closing connection ${connectionId}: ${errorMessage(error)}`);
			socket.destroy();
		}
	});
	socket.on('error', () => socket.destroy());
	socket.on('close', () => engine.cursors.closeConnection(connectionId));
}

interface ConnectionState {
	readonly engine: Engine;
	readonly connectionId: number;
	readonly logger: EmulatorLogger;
	readonly nextResponseId: () => number;
}

function responseIds(): () => number {
	let last = 0;
	return () => ++last;
}

/** Returns the encoded reply, or undefined when the client asked for none (moreToCome). */
function handleMessage(message: Buffer, { engine, connectionId, logger, nextResponseId }: ConnectionState): Buffer | undefined {
	const header = readHeader(message);
	const execute = (command: Document, databaseName: string): Document => {
		try {
			return runCommand(command, { engine, databaseName, connectionId });
		} catch (error) {
			logger.warn(`mongo-emulator: internal error in ${Object.keys(command)[0]}: ${errorMessage(error)}`);
			return new CommandError('InternalError', errorMessage(error)).toReply();
		}
	};
	switch (header.opCode) {
		case OpCode.Query: {
			const { database, command } = decodeOpQuery(message);
			return encodeOpReply(execute(command, database), nextResponseId(), header.requestId);
		}
		case OpCode.Msg: {
			const { flags, command } = decodeOpMsg(message);
			const databaseName = typeof command.$db === 'string' ? command.$db : 'admin';
			const reply = execute(command, databaseName);
			return flags & MORE_TO_COME ? undefined : encodeOpMsg(reply, nextResponseId(), header.requestId);
		}
		default:
			throw new Error(`unsupported opcode ${header.opCode}`);
	}
}

function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
