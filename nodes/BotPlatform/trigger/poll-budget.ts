/** How long a poll may keep reading: part of the time n8n allows a poll, when this n8n says. */
import type { IPollFunctions } from 'n8n-workflow';

/** Share of n8n's poll budget spent reading; the rest is margin for a last slow or rate-limited request. */
const BUDGET_SHARE = 0.5;

/** Epoch ms after which a walk starts no further page (once it found something new); undefined: no limit. */
export function readDeadline(context: IPollFunctions, startMs: number): number | undefined {
	const budget = typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
	return typeof budget === 'number' && Number.isFinite(budget) ? startMs + budget * BUDGET_SHARE : undefined;
}
