/**
 * The node's and the credential's Docs links lead to sections of the repository's README (package.json's
 * homepage), and those sections exist: an anchor is a heading of README.md, as GitHub derives it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BotPlatformApi } from '../../credentials/BotPlatformApi.credentials';
import { headingAnchors } from '../support/markdown-anchors';

const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const manifest = JSON.parse(read('package.json'));
const repository = String(manifest.homepage).replace(/#.*$/, '');

const anchors = headingAnchors(read('README.md'));

const codexLinks = (file: string): string[] => {
	const { resources } = JSON.parse(read(file));
	return Object.values(resources as Record<string, Array<{ url: string }>>).flatMap((links) => links.map((l) => l.url));
};

test.each([
	['the credential', [new BotPlatformApi().documentationUrl]],
	['the node', codexLinks('nodes/BotPlatform/BotPlatform.node.json')],
	['the trigger', codexLinks('nodes/BotPlatform/BotPlatformTrigger.node.json')],
])('%s links to README sections that exist', (_what, links) => {
	expect(links.length).toBeGreaterThan(0);
	for (const link of links) {
		const [base, anchor] = link.split('#');
		expect({ link, base }).toEqual({ link, base: repository });
		expect({ link, exists: anchors.has(anchor) }).toEqual({ link, exists: true });
	}
});

test('the repository address is the one package.json gives', () => {
	expect(repository).toBe(
		String(manifest.repository.url)
			.replace(/^git\+/, '')
			.replace(/\.git$/, ''),
	);
});
