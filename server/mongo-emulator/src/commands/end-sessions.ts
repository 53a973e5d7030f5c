/** `endSessions`: sessions hold no server state here, so there is nothing to end. */
import type { CommandHandler } from './command-context';

export const endSessions: CommandHandler = () => ({ ok: 1 });
