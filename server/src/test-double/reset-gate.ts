/**
 * Lets a reset of the data run alone (test double): it waits for the requests in flight to finish, holds the
 * ones that arrive meanwhile, and releases them when it is done, so no request sees half-wiped data.
 */
import type { Request, RequestHandler } from 'express';

export class ResetGate {
	private inFlight = 0;
	private closed: Promise<void> | undefined;
	private drained: (() => void) | undefined;

	/** Waits while a reset runs, then counts the caller in; the function returned counts it out (once). */
	async enter(): Promise<() => void> {
		while (this.closed) await this.closed;
		this.inFlight++;
		let released = false;
		return () => {
			if (released) return;
			released = true;
			this.inFlight--;
			if (this.inFlight === 0) this.drained?.();
		};
	}

	/** Runs `work` with no request in flight; resets queue behind each other. */
	async runAlone<T>(work: () => Promise<T>): Promise<T> {
		while (this.closed) await this.closed;
		let open!: () => void;
		this.closed = new Promise<void>((resolve) => (open = resolve));
		try {
			if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
			return await work();
		} finally {
			this.drained = undefined;
			this.closed = undefined;
			open();
		}
	}
}

/** Holds each request while a reset runs; `exempt` names the requests that must not wait (the reset itself). */
export function passThroughGate(gate: ResetGate, exempt: (req: Request) => boolean): RequestHandler {
	return async (req, res, next) => {
		if (exempt(req)) return next();
		const held: { release?: () => void; gone?: boolean } = {};
		res.once('close', () => {
			held.gone = true;
			held.release?.();
		});
		held.release = await gate.enter();
		// The client went away while the request waited: nothing to do but count it out.
		if (held.gone) return held.release();
		next();
	};
}
