/**
 * Work that must be done on the database before the server serves: each area registers its own (for example,
 * finishing what a process that died left half done), so the database layer knows none of their rules.
 */
import type { Models } from '../models';

export interface StartupTask {
	/** What the task finishes, for the log line: "<count> <what>". */
	what: string;
	/** Returns how many things it finished (0 when there was nothing to do). */
	run(models: Models): Promise<number>;
}
