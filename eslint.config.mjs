// One lint for the whole repository:
// - the n8n package (nodes/, credentials/, package.json) under n8n's community-node rules, the rules of
//   verified community nodes (no runtime dependencies, no process/env/fs access, allow-listed imports);
// - the server, tests, benchmarks and scripts under typescript-eslint's recommended rules.
import js from '@eslint/js';
import n8nCommunityNodes from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

const n8nPackage = ['nodes/**/*.ts', 'credentials/**/*.ts'];

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

export default tseslint.config(
	{ ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**'] },
	{
		files: ['**/*.ts'],
		extends: [js.configs.recommended, ...tseslint.configs.recommended],
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
		},
	},
	// The server's layers (docs/ARCHITECTURE.md): each may import only what lies below it.
	...serverLayerRules({
		'server/src/domain/**': {
			layers: ['http', 'api', 'admin', 'contract', 'openapi', 'seed', 'testing'],
			why: 'rules return outcomes; what they look like over HTTP is decided above',
		},
		'server/src/database/**': {
			layers: ['domain', 'http', 'api', 'admin', 'contract', 'openapi', 'seed', 'testing'],
			why: 'each area registers its own start-up work (database/startup-task.ts)',
		},
		'server/src/models/**': {
			layers: ['domain', 'database', 'http', 'api', 'admin', 'contract', 'openapi', 'seed', 'testing'],
			why: 'models are the bottom layer',
		},
		'server/src/http/**': {
			layers: ['api', 'admin', 'contract', 'domain', 'openapi', 'seed', 'testing'],
			why: 'the HTTP machinery knows no area',
		},
		'server/src/contract/**': {
			layers: ['api', 'admin', 'openapi', 'seed', 'testing'],
			why: 'the API and the admin API share the contract, not each other',
		},
		'server/src/admin/**': {
			layers: ['api', 'openapi', 'seed', 'testing'],
			why: 'the admin API shares what it needs through contract/ and domain/',
		},
		'server/src/api/**': {
			layers: ['admin', 'openapi', 'seed', 'testing'],
			why: 'the public API never depends on the admin API',
		},
		'server/src/seed/**': {
			layers: ['api', 'admin', 'openapi', 'testing'],
			why: 'a seed is written through the rules and models, as the admin API writes',
		},
		'server/src/openapi/**': {
			layers: ['domain', 'models', 'database', 'seed', 'testing'],
			why: 'the reference is built from what the API and the admin API declare, never from rules or data',
		},
		'server/src/console/**': {
			layers: ['api', 'openapi', 'seed', 'testing'],
			why: 'the console is a client of the admin API: it mounts its routes and adds only sessions and pages',
		},
		'server/src/observability/**': {
			layers: ['http', 'api', 'admin', 'contract', 'domain', 'models', 'database', 'openapi', 'seed', 'testing'],
			why: 'logs and metrics describe requests and are told the rest (request-labels.ts)',
		},
	}),
	{
		// The n8n package is published alone, with no runtime dependencies: it cannot reach into the server.
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ patterns: [{ group: ['**/server/**', 'bot-platform-*'], message: 'The n8n package cannot import the server.' }] },
			],
		},
	},
	{
		// Tests read JSON answers of many shapes; typing each one would add noise, not safety.
		files: ['test/**/*.ts', 'bench/**/*.ts', 'server/mongo-emulator/test/**/*.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
	// The MongoDB emulator is a package of its own that the server depends on, never the other way round: nothing
	// in it imports the server by name or climbs out of server/mongo-emulator/ by a relative path (a file `depth`
	// folders down leaves the package with depth + 1 `../`).
	...[1, 2, 3, 4, 5, 6].map((depth) => ({
		files: [`server/mongo-emulator/${'*/'.repeat(depth)}*.ts`],
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
	{
		files: ['**/*.mjs', '**/*.js'],
		extends: [js.configs.recommended],
		languageOptions: {
			globals: {
				console: 'readonly',
				process: 'readonly',
				URL: 'readonly',
				fetch: 'readonly',
				setTimeout: 'readonly',
				clearTimeout: 'readonly',
				module: 'writable',
				require: 'readonly',
				__dirname: 'readonly',
			},
		},
	},
	{
		// The console's browser modules (served as they are, no build).
		files: ['server/console/**/*.js'],
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
	{
		files: [...n8nPackage, 'package.json'],
		languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } },
		plugins: { '@n8n/community-nodes': n8nCommunityNodes },
		rules: n8nCommunityNodes.configs.recommended.rules,
	},
	{
		files: ['package.json'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: n8nNodesBase.configs.community.rules,
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Wants a slug of n8n's own docs site; a community credential links a full URL (checked by
			// @n8n/community-nodes/credential-documentation-url instead), as n8n's node-cli config also decides.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// These want the string 'main', which @n8n/community-nodes/node-connection-type-literal forbids in
			// favour of NodeConnectionTypes.Main; n8n's node-cli config turns them off too.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
);
