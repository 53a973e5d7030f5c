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
}
