/**
 * `bot-platform-server/testing`: the Bot Platform server as an in-process test double for JavaScript test
 * suites. See the server README, "Testing your integration against it".
 */
import { launchBotPlatformServer, type BotPlatformServerOptions, type StartedBotPlatformServer } from './launch';

export { AdminClient, fetchTransport } from './admin-client';
export type * from './admin-client';
export type { BotPlatformServerOptions, StartedBotPlatformServer } from './launch';
export { SeedError } from '../seed/load';

/** Starts the server on the embedded database and a free port, with the seed if given. */
export async function startBotPlatformServer(options: BotPlatformServerOptions = {}): Promise<StartedBotPlatformServer> {
	const { url, adminToken, admin, stop } = await launchBotPlatformServer(options);
	return { url, adminToken, admin, stop };
}
