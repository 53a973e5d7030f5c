/** Tests are TypeScript, compiled by ts-jest (type-checking is done once by `npm run typecheck`). */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
	},
	testTimeout: 30000,
	maxWorkers: 2,
};
