/**
 * The emulator on a thread of its own (`worker_threads`), for a process that embeds it: its commands then run
 * beside the application's JavaScript rather than between its requests, as a real database runs beside its
 * clients, and its heap (the stored documents) is collected apart from the application's short-lived garbage.
 * Clients reach it over TCP exactly as they reach the in-thread emulator.
 */
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { once } from 'node:events';
import type { MongoEmulator, MongoEmulatorOptions } from './index';

/**
 * The thread's young generation, in MiB. Its heap is mostly stored documents, which live long; V8's default nursery
 * (tens of MiB) only held short-lived garbage resident. Measured at 100,000 contacts (bench/): 83 MiB less resident
 * memory, the same throughput.
 */
const NURSERY_MB = 8;

/** Messages from the worker (`thread-worker.ts`). */
export type ThreadMessage =
	{ kind: 'listening'; uri: string; port: number; socketUri?: string } | { kind: 'warn'; message: string };

/** What the worker is started with: the options that can cross a thread (not the logger, which stays here). */
export type ThreadOptions = Omit<MongoEmulatorOptions, 'logger'>;

export async function startMongoEmulatorThread(options: MongoEmulatorOptions = {}): Promise<MongoEmulator> {
	const { logger = console, ...workerData } = options;
	const worker = startWorker(workerData satisfies ThreadOptions);
	const listening = new Promise<{ uri: string; port: number; socketUri?: string }>((resolve, reject) => {
		worker.once('error', reject);
		worker.once('exit', (code) => reject(new Error(`mongo-emulator thread exited with code ${code} before listening`)));
		worker.on('message', (message: ThreadMessage) => {
			if (message.kind === 'listening') resolve(message);
			else if (message.kind === 'warn') logger.warn(message.message);
		});
	});
	const { uri, port, socketUri } = await listening;
	// The thread must not keep the process alive: the embedding process decides when it ends.
	worker.unref();
	return {
		uri,
		port,
		...(socketUri !== undefined && { socketUri }),
		async close() {
			const exited = once(worker, 'exit');
			// Held again while it closes: otherwise a process with nothing else left to do ends before the thread does.
			worker.ref();
			worker.postMessage('close');
			await exited;
		},
	};
}

/**
 * Built, the worker is `thread-worker.js` beside this file; run from the TypeScript sources (the tests), it is
 * `thread-worker.ts` through ts-node, the emulator package's development dependency.
 */
function startWorker(workerData: ThreadOptions): Worker {
	const options = { workerData, resourceLimits: { maxYoungGenerationSizeMb: NURSERY_MB } };
	if (path.extname(__filename) === '.js') return new Worker(path.join(__dirname, 'thread-worker.js'), options);
	const source = path.join(__dirname, 'thread-worker.ts');
	const code = `require('ts-node').register({ transpileOnly: true }); require(${JSON.stringify(source)});`;
	return new Worker(code, { ...options, eval: true });
}
