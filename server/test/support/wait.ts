/** Waiting for a condition instead of sleeping: polls until it holds, fails past a deadline (for liveness only, never for speed). */
export async function until(check: () => Promise<boolean> | boolean, what: string, deadlineMs = 30_000): Promise<void> {
	const deadline = Date.now() + deadlineMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}
