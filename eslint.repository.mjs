// The lint of everything in this repository that is not the n8n package: the server, the tests, the scripts and
// the benchmarks. The package root's eslint.config.mjs is n8n's default (n8n-node lint, n8n Cloud eligibility);
// each of those folders has an eslint.config.mjs built here, which ESLint uses for the files below it: ESLint 10
// looks a config up from each file's folder, ESLint 9 (the one n8n-node runs) does so with the
// unstable_config_lookup_from_file flag, which `npm run lint` sets. A config's patterns are relative to its folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * typescript-eslint's recommended rules for TypeScript, ESLint's for scripts, and `extra` blocks after them.
 * `folder` is the config's own folder (`import.meta.dirname`): with several configs in one run, typescript-eslint
 * must be told where each one's TypeScript projects are.
 */
export function repositoryConfig(folder, ...extra) {
	return tseslint.config(
		{ ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**'] },
		{ languageOptions: { parserOptions: { tsconfigRootDir: folder } } },
		{
			files: ['**/*.ts'],
			extends: [js.configs.recommended, ...tseslint.configs.recommended],
			rules: {
				'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			},
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
		...extra,
	);
}

/** Tests read JSON answers of many shapes; typing each one would add noise, not safety. */
export const anyAllowed = (files) => ({ files, rules: { '@typescript-eslint/no-explicit-any': 'off' } });
