/**
 * Versioning (§9): a deprecated method keeps working, said so with its sunset, until its switch-off date; then
 * it is refused (`method_removed`). `api/access.ts` turns that into the `Deprecation` and `Sunset` headers and the 410.
 *
 * Deprecations are few and rarely change, so each instance keeps them in memory and no API call reads them from
 * the database: the headers cost nothing, and they are known before the body is read or the caller is
 * authenticated, so every answer of a deprecated method carries them (400, 401, 405, ...). Each instance reloads
 * them every second, so a change made on another instance applies within a second; the instance whose admin API
 * made the change reloads at once.
 */
import type { Logger } from '../../logger';
import type { Models } from '../../models';
import type { DeprecationRefusal } from './refusals';

const NOT_DEPRECATED: MethodStatus = { ok: true };

/** How stale another instance's change may be seen. */
export const DEPRECATIONS_REFRESH_MS = 1000;

/** A method in force: `sunset` is set when it is deprecated. */
export type MethodStatus = { ok: true; sunset?: Date } | DeprecationRefusal;

export interface Deprecations {
	/** Whether `method` may still be called, and its sunset when it is deprecated. */
	statusOf(method: string, now?: Date): MethodStatus;
	/** Reads them from the database now (after a change through the admin API). */
	reload(): Promise<void>;
	/** Stops the periodic reload. */
	stop(): void;
}

export async function loadDeprecations(models: Models, logger: Logger): Promise<Deprecations> {
	let sunsets = new Map<string, Date>();
	let loading: Promise<void> | undefined;
	const load = async () => {
		const documents = await models.deprecations.find({}, { sunset: 1 }).lean<{ _id: string; sunset: Date }[]>();
		sunsets = new Map(documents.map((document) => [document._id, document.sunset]));
	};
	// One read at a time: a reload asked for during a read waits for it and then reads again.
	const reload = async () => {
		while (loading) await loading.catch(() => undefined);
		loading = load().finally(() => (loading = undefined));
		return loading;
	};
	await reload();
	let failing = false;
	const timer = setInterval(() => {
		if (loading) return;
		reload().then(
			() => (failing = false),
			(error: unknown) => {
				// The last known deprecations stay in force; say so once, not every second.
				if (!failing) logger.warn({ err: error }, 'deprecations could not be reloaded; the last known stay in force');
				failing = true;
			},
		);
	}, DEPRECATIONS_REFRESH_MS);
	timer.unref();

	return {
		statusOf(method, now = new Date()) {
			const sunset = sunsets.get(method);
			if (sunset && sunset.getTime() <= now.getTime()) return { ok: false, reason: 'method_removed', method, sunset };
			return sunset ? { ok: true, sunset } : NOT_DEPRECATED;
		},
		reload,
		stop: () => clearInterval(timer),
	};
}
