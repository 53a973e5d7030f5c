// One lint for the whole repository:
// - the n8n package (nodes/, credentials/, package.json) under n8n's community-node rules, the rules of
//   verified community nodes (no runtime dependencies, no process/env/fs access, allow-listed imports);
// - the server, tests, benchmarks and scripts under typescript-eslint's recommended rules.
import js from '@eslint/js';
import n8nCommunityNodes from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

const n8nPackage = ['nodes/**/*.ts', 'credentials/**/*.ts'];

export default tseslint.config(
	{ ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**'] },
	{
		files: ['**/*.ts'],
		extends: [js.configs.recommended, ...tseslint.configs.recommended],
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
		},
	},
	{
		// Tests read JSON answers of many shapes; typing each one would add noise, not safety.
		files: ['test/**/*.ts', 'bench/**/*.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
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
