// The server's lint (today's rules for the whole repository, eslint.repository.mjs), plus its layer rules and the
// MongoDB emulator's boundary; its tests (test/) follow the tests' rules. Patterns are relative to server/.
import { anyAllowed, repositoryConfig } from '../eslint.repository.mjs';

/**
 * One `no-restricted-imports` block per server layer, forbidding the layers (and packages) it must not depend on.
 * `ignores` leaves out files that have a block of their own (one block decides a file's rule).
 */
function serverLayerRules(layers) {
	return Object.entries(layers).map(([files, { layers: forbidden, packages = [], ignores = [], why }]) => ({
		files: [files],
		ignores,
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						...forbidden.map((layer) => ({
							group: [`**/${layer}/*`, `**/${layer}`],
							message: `${files} must not import ${layer}/: ${why}.`,
						})),
						...packages.map((name) => ({
							group: [name, `${name}/*`],
							message: `${files} must not import ${name}: ${why}.`,
						})),
					],
				},
			],
		},
	}));
}

/** Only the app's wiring (app.ts, server.ts), the admin router (admin/index.ts, route.ts) and testing/ import the test double. */
const TEST_DOUBLE = 'test-double';

export default repositoryConfig(
	import.meta.dirname,
	// The server's layers (docs/ARCHITECTURE.md): each may import only what lies below it.
	...serverLayerRules({
		'src/domain/**': {
			layers: ['http', 'api', 'admin', 'contract', 'openapi', 'seed', 'testing', TEST_DOUBLE],
			why: 'rules return outcomes; what they look like over HTTP is decided above',
		},
		'src/database/**': {
			layers: ['domain', 'http', 'api', 'admin', 'contract', 'openapi', 'seed', 'testing', TEST_DOUBLE],
			why: 'each area registers its own start-up work (database/startup-task.ts)',
		},
		'src/models/**': {
			layers: ['domain', 'database', 'http', 'api', 'admin', 'contract', 'openapi', 'seed', 'testing', TEST_DOUBLE],
			why: 'models are the bottom layer',
		},
		'src/http/**': {
			layers: ['api', 'admin', 'contract', 'domain', 'models', 'database', 'openapi', 'seed', 'testing', 'console', TEST_DOUBLE],
			packages: ['mongoose', 'mongodb'],
			why: 'http/ only transports: the rules (key, plan, rate, deprecation) are domain/access/, the kit contract/kit/, the test double test-double/',
		},
		'src/test-double/**': {
			layers: ['testing', 'console'],
			why: 'the test double may use what it needs, but is driven through the admin API, not its clients',
		},
		'src/contract/**': {
			layers: ['api', 'admin', 'openapi', 'seed', 'testing', TEST_DOUBLE],
			why: 'the API and the admin API share the contract, not each other',
		},
		'src/admin/**': {
			layers: ['api', 'openapi', 'seed', 'testing', TEST_DOUBLE],
			ignores: ['src/admin/index.ts', 'src/admin/route.ts'],
			why: 'the admin API shares what it needs through contract/ and domain/; only its router mounts the test double',
		},
		// The admin router: it mounts the test double's routes, and hands every route its parts.
		'src/admin/{index,route}.ts': {
			layers: ['api', 'openapi', 'seed', 'testing'],
			why: 'the admin API shares what it needs through contract/ and domain/',
		},
		'src/api/**': {
			layers: ['admin', 'openapi', 'seed', 'testing', TEST_DOUBLE],
			why: 'the public API never depends on the admin API, nor on the test double (app.ts hands it an interceptor)',
		},
		'src/seed/**': {
			layers: ['api', 'admin', 'openapi', 'testing', TEST_DOUBLE],
			why: 'a seed is written through the rules and models, as the admin API writes',
		},
		'src/openapi/**': {
			layers: ['domain', 'models', 'database', 'seed', 'testing', TEST_DOUBLE],
			why: 'the reference is built from what the API and the admin API declare, never from rules or data',
		},
		'src/console/**': {
			layers: ['api', 'openapi', 'seed', 'testing', TEST_DOUBLE],
			why: 'the console is a client of the admin API: it mounts its routes and adds only sessions and pages',
		},
		'src/observability/**': {
			layers: ['http', 'api', 'admin', 'contract', 'domain', 'models', 'database', 'openapi', 'seed', 'testing', TEST_DOUBLE],
			why: 'logs and metrics describe requests and are told the rest (request-labels.ts)',
		},
	}),
	// The MongoDB emulator is a package of its own that the server depends on, never the other way round: nothing
	// in it imports the server by name or climbs out of server/mongo-emulator/ by a relative path (a file `depth`
	// folders down leaves the package with depth + 1 `../`).
	...[1, 2, 3, 4, 5, 6].map((depth) => ({
		files: [`mongo-emulator/${'*/'.repeat(depth)}*.ts`],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							regex: `^(\\.\\./){${depth + 1}}`,
							message: 'The mongo emulator imports nothing outside its package (server/mongo-emulator/).',
						},
						{
							group: ['bot-platform-server', 'bot-platform-server/**'],
							message: 'The mongo emulator does not depend on the server.',
						},
					],
				},
			],
		},
	})),
	anyAllowed(['test/**/*.ts', 'mongo-emulator/test/**/*.ts']),
	{
		// The console's browser modules (served as they are, no build).
		files: ['console/**/*.js'],
		languageOptions: {
			sourceType: 'module',
			globals: {
				window: 'readonly',
				document: 'readonly',
				navigator: 'readonly',
				URLSearchParams: 'readonly',
				setInterval: 'readonly',
				clearInterval: 'readonly',
			},
		},
	},
);
