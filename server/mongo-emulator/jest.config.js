/**
 * The emulator's tests, also run by the repository's jest as one of its projects. The test timeout is a global
 * option, not a project's: the repository's config sets it, and so does this package's `npm test`.
 */
module.exports = {
	displayName: 'mongo-emulator',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
	},
};
