/** The test double's parts, made by the app's wiring (which applies them) and driven by the admin API. */
import type { Database } from '../database/open';
import type { Deprecations } from '../domain/access/deprecations';
import type { Metrics } from '../observability/metrics';
import { resetToSeed } from '../seed/apply';
import { parseSeed, SeedError } from '../seed/load';
import type { Seed } from '../seed/schema';
import { FaultRegistry, faultKind } from './faults';
import { RequestLog } from './request-log';
import { ResetGate } from './reset-gate';

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

export interface TestDoubleDeps {
	database: Database;
	deprecations: Deprecations;
	metrics: Metrics;
	/** The server's own seed: every reset goes back to it (to empty without one). */
	seed: Seed | undefined;
	requestLogSize: number;
}

export function createTestDouble({ database, deprecations, metrics, seed, requestLogSize }: TestDoubleDeps): TestDouble {
	const gate = new ResetGate();
	return {
		faults: new FaultRegistry((fault, method) => metrics.injectedFaults.inc({ api_method: method, kind: faultKind(fault) })),
		requests: new RequestLog(requestLogSize),
		gate,
		// The wipe takes the deprecations too: the in-memory ones must not outlive it.
		reset: () => gate.runAlone(() => resetToSeed(database, seed).finally(() => deprecations.reload())),
		applySeed: async (data) => {
			let other: Seed;
			try {
				other = parseSeed(data, 'seed');
			} catch (error) {
				if (error instanceof SeedError) return error.message;
				throw error;
			}
			const written = await gate.runAlone(() =>
				resetToSeed(database, other)
					.then(() => undefined)
					// Checked, yet not writable (a rule of the data refused it): back to the server's own seed, not half of this one.
					.catch(async (error: unknown) => {
						if (!(error instanceof SeedError)) throw error;
						await resetToSeed(database, seed);
						return error.message;
					})
					.finally(() => deprecations.reload()),
			);
			return written;
		},
	};
}
