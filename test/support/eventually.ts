/** Waiting for a state another process reaches on its own schedule, with a deadline that is itself the assertion. */

/** Polls `condition` every 50 ms; fails the test when it is still false after `withinMs`. Returns the time taken. */
export async function eventually(withinMs: number, condition: () => Promise<boolean>): Promise<number> {
	const started = Date.now();
	for (;;) {
		if (await condition()) return Date.now() - started;
		if (Date.now() - started > withinMs) throw new Error(`condition still false after ${withinMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}
