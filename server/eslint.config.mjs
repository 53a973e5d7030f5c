// The server's lint (today's rules for the whole repository, eslint.repository.mjs), plus its layer rules and the
// MongoDB emulator's boundary. Patterns are relative to server/.
import { anyAllowed, repositoryConfig } from '../eslint.repository.mjs';

/** One `no-restricted-imports` block per server layer, forbidding the layers it must not depend on. */
function serverLayerRules(layers) {
	return Object.entries(layers).map(([files, { layers: forbidden, why }]) => ({
		files: [files],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: forbidden.map((layer) => ({
						group: [`**/${layer}/*`, `**/${layer}`],
						message: `${files} must not import ${layer}/: ${why}.`,
					})),
				},
			],
		},
	}));
}

export default repositoryConfig(
	import.meta.dirname,
	// The server's layers (docs/ARCHITECTURE.md): each may import only what lies below it.
	...serverLayerRules({
		'src/domain/**': {
			layers: ['http', 'api', 'admin', 'contract', 'openapi', 'seed', 'testing'],
			why: 'rules return outcomes; what they look like over HTTP is decided above',
		},
		'src/database/**': {
			layers: ['domain', 'http', 'api', 'admin', 'contract', 'openapi', 'seed', 'testing'],
			why: 'each area registers its own start-up work (database/startup-task.ts)',
		},
		'src/models/**': {
			layers: ['domain', 'database', 'http', 'api', 'admin', 'contract', 'openapi', 'seed', 'testing'],
			why: 'models are the bottom layer',
		},
		'src/http/**': {
			layers: ['api', 'admin', 'contract', 'domain', 'openapi', 'seed', 'testing'],
			why: 'the HTTP machinery knows no area',
		},
		'src/contract/**': {
			layers: ['api', 'admin', 'openapi', 'seed', 'testing'],
			why: 'the API and the admin API share the contract, not each other',
		},
		'src/admin/**': {
			layers: ['api', 'openapi', 'seed', 'testing'],
			why: 'the admin API shares what it needs through contract/ and domain/',
		},
		'src/api/**': {
			layers: ['admin', 'openapi', 'seed', 'testing'],
			why: 'the public API never depends on the admin API',
		},
		'src/seed/**': {
			layers: ['api', 'admin', 'openapi', 'testing'],
			why: 'a seed is written through the rules and models, as the admin API writes',
		},
		'src/openapi/**': {
			layers: ['domain', 'models', 'database', 'seed', 'testing'],
			why: 'the reference is built from what the API and the admin API declare, never from rules or data',
		},
		'src/observability/**': {
			layers: ['http', 'api', 'admin', 'contract', 'domain', 'models', 'database', 'openapi', 'seed', 'testing'],
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
	anyAllowed(['mongo-emulator/test/**/*.ts']),
);
