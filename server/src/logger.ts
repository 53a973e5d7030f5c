/** One-line structured-enough logging to stdout/stderr; tests pass a silent logger. */
export interface Logger {
	info(message: string): void;
	error(message: string): void;
}

export const consoleLogger: Logger = {
	info: (message) => console.log(`[bot-platform] ${message}`),
	error: (message) => console.error(`[bot-platform] ${message}`),
};

export const silentLogger: Logger = { info: () => {}, error: () => {} };
