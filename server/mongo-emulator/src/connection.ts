/**
 * One client connection: reassembles messages from the socket, runs each command and writes the reply.
 * Commands run synchronously in arrival order, so replies on a connection keep the request order.
 */
import type { Socket } from 'node:net';
import type { Document } from 'bson';
import { awaitedHelloMs, HelloStream } from './awaitable-hello';
import type { TopologyVersion } from './commands/command-context';
import { runCommand } from './commands/dispatch';
import type { Engine } from './engine/engine';
import { CommandError } from './errors';
import type { EmulatorLogger } from './logger';
import { MessageFramer } from './wire/message-framer';
import { OpCode, readHeader } from './wire/message-header';
import { decodeOpMsg, encodeOpMsg, EXHAUST_ALLOWED, MORE_TO_COME } from './wire/op-msg';
import { decodeOpQuery, encodeOpReply } from './wire/op-query';

export interface ConnectionOptions {
	readonly engine: Engine;
	readonly connectionId: number;
	readonly topologyVersion: TopologyVersion;
	readonly logger: EmulatorLogger;
}

export function serveConnection(socket: Socket, { engine, connectionId, topologyVersion, logger }: ConnectionOptions): void {
	const framer = new MessageFramer();
	const hello = new HelloStream();
	const state: ConnectionState = {
		engine,
		connectionId,
		topologyVersion,
		logger,
		hello,
		nextResponseId: responseIds(),
		// A streamed `hello` may come due after the socket was destroyed and before its 'close' event.
		write: (reply) => void (socket.destroyed || socket.write(reply)),
	};
	socket.setNoDelay(true);
	socket.on('data', (chunk: Buffer) => {
		try {
			for (const message of framer.push(chunk)) {
				const reply = handleMessage(message, state);
				if (reply) state.write(reply);
			}
		} catch (error) {
			logger.warn(`mongo-emulator: closing connection ${connectionId}: ${errorMessage(error)}`);
			socket.destroy();
		}
	});
	socket.on('error', () => socket.destroy());
	socket.on('close', () => {
		hello.stop();
		engine.cursors.closeConnection(connectionId);
	});
}

interface ConnectionState extends ConnectionOptions {
	readonly hello: HelloStream;
	readonly nextResponseId: () => number;
	readonly write: (reply: Buffer) => void;
}

function responseIds(): () => number {
	let last = 0;
	return () => ++last;
}

/** Returns the encoded reply, or undefined when the client asked for none (moreToCome). */
function handleMessage(message: Buffer, state: ConnectionState): Buffer | undefined {
	const { engine, connectionId, topologyVersion, logger, nextResponseId } = state;
	const header = readHeader(message);
	const execute = (command: Document, databaseName: string): Document => {
		try {
			return runCommand(command, { engine, databaseName, connectionId, topologyVersion });
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
			const waitMs = awaitedHelloMs(command, topologyVersion);
			if (waitMs !== undefined) {
				const exhaust = (flags & EXHAUST_ALLOWED) !== 0;
				state.hello.start(waitMs, exhaust, header.requestId, (responseTo) => {
					const requestId = nextResponseId();
					state.write(encodeOpMsg(execute(command, databaseName), requestId, responseTo, exhaust ? MORE_TO_COME : 0));
					return requestId;
				});
				return undefined;
			}
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
