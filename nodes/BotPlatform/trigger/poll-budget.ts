/** How long a poll may keep reading: part of the time n8n allows a poll, when this n8n says; and saying it stopped. */
import type { IPollFunctions } from 'n8n-workflow';

/** Share of n8n's poll budget spent reading; the rest is margin for a last slow or rate-limited request. */
const BUDGET_SHARE = 0.5;

/** Epoch ms after which a walk starts no further page (once it found something new); undefined: no limit. */
export function readDeadline(context: IPollFunctions, startMs: number): number | undefined {
	const budget = typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
	return typeof budget === 'number' && Number.isFinite(budget) ? startMs + budget * BUDGET_SHARE : undefined;
}

/** Logs a walk that stopped before the end (time budget, or `records` deleted meanwhile); the next poll goes on. */
export function logEarlyStop(
	context: IPollFunctions,
	records: string,
	walk: { complete: boolean; requests: number },
	emitted: number,
) {
	if (walk.complete) return;
	context.logger.info(
		`Bot Platform Trigger: stopped reading early (time budget, or ${records} deleted meanwhile); the next poll goes on`,
		{ requests: walk.requests, emitted },
	);
}
