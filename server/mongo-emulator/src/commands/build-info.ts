/** `buildInfo`: the version drivers and tools read; the emulator presents itself as MongoDB 7.0.0. */
import type { CommandHandler } from './command-context';

export const buildInfo: CommandHandler = () => ({
	version: '7.0.0',
	gitVersion: 'mongo-emulator',
	versionArray: [7, 0, 0, 0],
	bits: 64,
	debug: false,
	maxBsonObjectSize: 16 * 1024 * 1024,
	storageEngines: ['memory'],
	ok: 1,
});
