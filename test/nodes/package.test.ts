/**
 * The package as n8n installs it: built the way `npm run build:nodes` builds it (`n8n-node build`, in a temporary
 * folder), then
 * loaded with n8n-core's own PackageDirectoryLoader, which reads the `n8n` field of package.json, the codex file
 * and the icons, and validates the node description.
 */
import './support/n8n-env';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PackageDirectoryLoader } from 'n8n-core';
import { buildPackage, manifest } from './support/build-package';

let built: ReturnType<typeof buildPackage>;
let packageDir: string;

beforeAll(() => {
	built = buildPackage();
	packageDir = built.dir;
}, 120_000);

afterAll(() => built?.remove());

test('package.json declares a community package whose n8n entries exist after the build', () => {
	expect(manifest.name).toMatch(/^n8n-nodes-/);
	expect(manifest.keywords).toContain('n8n-community-node-package');
	expect(manifest.files).toEqual(['dist']);
	expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	expect(manifest.dependencies ?? {}).toEqual({});
	expect(manifest.n8n.credentials).toContain('dist/credentials/BotPlatformApi.credentials.js');
	expect(manifest.n8n.nodes).toContain('dist/nodes/BotPlatform/BotPlatform.node.js');
	for (const file of [...manifest.n8n.credentials, ...manifest.n8n.nodes]) expect(existsSync(join(packageDir, file))).toBe(true);
	for (const asset of ['botPlatform.svg', 'botPlatform.dark.svg', 'BotPlatform.node.json', 'BotPlatformTrigger.node.json']) {
		expect(existsSync(join(packageDir, 'dist', 'nodes', 'BotPlatform', asset))).toBe(true);
	}
	// Only the package is built: nothing of the server (or anything else) was pulled in by an import.
	expect(readdirSync(join(packageDir, 'dist')).sort()).toEqual(['credentials', 'nodes']);
});

test('n8n’s loader loads the node, its codex and icons, and the credential', async () => {
	const loader = new PackageDirectoryLoader(packageDir);
	await loader.loadAll();
	expect(loader.packageName).toBe('n8n-nodes-bot-platform');
	expect(Object.keys(loader.nodeTypes)).toContain('botPlatform');
	expect(Object.keys(loader.credentialTypes)).toEqual(['botPlatformApi']);
	expect(loader.known.credentials.botPlatformApi.supportedNodes).toContain('botPlatform');

	const description = loader.types.nodes.find((node) => node.name === 'botPlatform')!;
	expect(description).toMatchObject({
		name: 'botPlatform',
		version: [1, 2, 3, 3.1],
		defaultVersion: 3.1,
		usableAsTool: { replacements: { description: expect.any(String) } },
	});
	expect(description.codex).toMatchObject({ categories: ['Communication', 'Marketing'] });
	const trigger = loader.types.nodes.find((node) => node.name === 'botPlatformTrigger')!;
	expect(trigger).toMatchObject({ version: [1, 2, 3], defaultVersion: 3, polling: true });
	const icons = description.iconUrl as { light: string; dark: string };
	for (const icon of [icons.light, icons.dark]) {
		const file = join(packageDir, icon.replace('icons/n8n-nodes-bot-platform/', ''));
		expect(readFileSync(file, 'utf8')).toMatch(/^<svg /);
	}
	const [credential] = loader.types.credentials;
	expect(credential.iconUrl).toEqual(icons);
});
