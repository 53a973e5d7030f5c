/**
 * Tests are TypeScript, compiled by ts-jest (type-checking is done once by `npm run typecheck`). Two projects:
 * the repository's tests and the emulator package's own. The server imports the emulator by its package name,
 * which is mapped to the emulator's sources so that no stale build is ever tested.
 */
module.exports = {
	testTimeout: 30000,
	maxWorkers: 2,
	projects: [
		{
			displayName: 'bot-platform',
			testEnvironment: 'node',
			roots: ['<rootDir>/test'],
			testMatch: ['**/*.test.ts'],
			transform: {
				'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
			},
			moduleNameMapper: {
				'^bot-platform-mongo-emulator$': '<rootDir>/server/mongo-emulator/src/index.ts',
				'^bot-platform-server/testing$': '<rootDir>/server/src/testing/index.ts',
			},
		},
		'<rootDir>/server/mongo-emulator',
	],
};
