/** The worker thread of `startMongoEmulatorThread`: one emulator, closed when the parent says so. */
import { parentPort, workerData } from 'node:worker_threads';
import { startMongoEmulator } from './index';
import type { ThreadMessage, ThreadOptions } from './thread';

async function main(port: NonNullable<typeof parentPort>): Promise<void> {
	const post = (message: ThreadMessage) => port.postMessage(message);
	const emulator = await startMongoEmulator({
		...(workerData as ThreadOptions),
		logger: { warn: (message) => post({ kind: 'warn', message }) },
	});
	port.on('message', (message: unknown) => {
		if (message !== 'close') return;
		// With the listener, the sockets and the parent port closed, the thread has nothing left to do and ends.
		void emulator.close().finally(() => port.close());
	});
	post({ kind: 'listening', uri: emulator.uri, port: emulator.port, socketUri: emulator.socketUri });
}

if (!parentPort) throw new Error('thread-worker.ts runs as a worker thread of startMongoEmulatorThread');
void main(parentPort);
