/** The test double's parts, shared by the app (which applies them) and the admin API (which drives them). */
import type { FaultRegistry } from './faults';
import type { RequestLog } from './request-log';
import type { ResetGate } from './reset-gate';

export interface TestDouble {
	faults: FaultRegistry;
	requests: RequestLog;
	gate: ResetGate;
	/** Brings the data back to the seed (or to empty), alone: in-flight requests finish first, new ones wait. */
	reset(): Promise<void>;
	/**
	 * Sets the data to other seed data (as in a seed file), as a reset does; later resets go back to the server's own
	 * seed. Resolves to the problem, in one line, when the seed is refused.
	 */
	applySeed(data: unknown): Promise<string | undefined>;
}
