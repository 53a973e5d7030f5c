/** `getCmdLineOpts`: the emulator has no mongod command line to report. */
import type { CommandHandler } from './command-context';

export const getCmdLineOpts: CommandHandler = () => ({ argv: ['mongo-emulator'], parsed: {}, ok: 1 });
