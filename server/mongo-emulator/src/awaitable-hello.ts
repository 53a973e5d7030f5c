/**
 * Server monitoring's streaming protocol, as a real mongod speaks it. A driver's monitor that has seen the
 * server's `topologyVersion` sends `hello` with that version and `maxAwaitTimeMS`: the server answers when its
 * topology changes or when the time is up, and, if the request allowed exhaust, keeps answering on its own
 * (each reply flagged moreToCome) without being asked again. So the monitor always has a request open, and a
 * closed socket (the server stopped) is noticed at once instead of at the next poll.
 * The emulator's topology never changes while it runs; a restart is a new processId, which ends any wait.
 */
import type { Document } from 'bson';
import type { TopologyVersion } from './commands/command-context';

const HELLO_COMMANDS = new Set(['hello', 'ismaster', 'isMaster']);

/** The wait asked for, or undefined when the command must be answered now. */
export function awaitedHelloMs(command: Document, current: TopologyVersion): number | undefined {
	if (!HELLO_COMMANDS.has(Object.keys(command)[0])) return undefined;
	const known = command.topologyVersion as Partial<TopologyVersion> | undefined;
	const maxAwaitTimeMS = Number(command.maxAwaitTimeMS);
	if (!known || !Number.isFinite(maxAwaitTimeMS) || maxAwaitTimeMS < 0) return undefined;
	const sameProcess = known.processId !== undefined && current.processId.equals(known.processId);
	return sameProcess && Number(known.counter) === current.counter.toNumber() ? maxAwaitTimeMS : undefined;
}

/** One connection's open awaitable `hello`, if any. */
export class HelloStream {
	private timer: NodeJS.Timeout | undefined;

	/**
	 * Answers with `answer()` after `waitMs`, then again every `waitMs` while `exhaust` holds.
	 * `reply(responseTo)` writes one answer and returns its request ID, to which the next answer responds.
	 */
	start(waitMs: number, exhaust: boolean, requestId: number, reply: (responseTo: number) => number): void {
		this.stop();
		const answer = (responseTo: number) => {
			const answered = reply(responseTo);
			if (exhaust) this.schedule(waitMs, () => answer(answered));
		};
		this.schedule(waitMs, () => answer(requestId));
	}

	stop(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
	}

	private schedule(waitMs: number, then: () => void): void {
		// A monitor's wait must not keep the process alive on its own.
		this.timer = setTimeout(then, waitMs).unref();
	}
}
