/** `ping`: answers ok. */
import type { CommandHandler } from './command-context';

export const ping: CommandHandler = () => ({ ok: 1 });
