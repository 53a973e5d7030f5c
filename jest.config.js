/**
 * Tests are TypeScript, compiled by ts-jest (type-checking is done once by `npm run typecheck`). Three projects:
 * the server package's tests (server/test), the n8n package's and the docs' tests (test/), and the emulator
 * package's own. The server imports the emulator by its package name, which is mapped to the emulator's sources so
 * that no stale build is ever tested.
 */
const moduleNameMapper = {
	'^bot-platform-mongo-emulator$': '<rootDir>/server/mongo-emulator/src/index.ts',
	'^bot-platform-server/testing$': '<rootDir>/server/src/testing/index.ts',
};

/** One project of TypeScript tests under `folder`, compiled with that folder's tsconfig.json. */
const project = (displayName, folder) => ({
	displayName,
	testEnvironment: 'node',
	roots: [`<rootDir>/${folder}`],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: `<rootDir>/${folder}/tsconfig.json` }],
	},
	moduleNameMapper,
});

module.exports = {
	testTimeout: 30000,
	maxWorkers: 2,
	projects: [project('server', 'server/test'), project('bot-platform', 'test'), '<rootDir>/server/mongo-emulator'],
};
