/**
 * Every method of the API reaches users through every layer: the server serves it (§4), an operation declares it
 * for the transport and calls it, a node test runs that operation, and an example workflow shows it in a real n8n.
 * Skipping a step of docs/adding-an-api-method.md fails one of these.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { BotPlatform } from '../../nodes/BotPlatform/BotPlatform.node';
import { resources } from '../../nodes/BotPlatform/actions/router';
import { apiMethods } from '../../server/src/api';
import { NODE_TYPE } from './support/n8n-harness';

const ROOT = path.resolve(__dirname, '../..');
const properties: INodeProperties[] = new BotPlatform().description.properties;

/** Every operation of the node's description as `resource:operation`. */
function nodeOperations(): string[] {
	return properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) => {
			const resource = property.displayOptions!.show!.resource![0] as string;
			return (property.options as INodePropertyOptions[]).map((option) => `${resource}:${String(option.value)}`);
		});
}

/** The value n8n uses when a saved node leaves a parameter out. */
function defaultOf(name: string, resource?: string): string {
	const property = properties.find(
		(candidate) =>
			candidate.name === name && (resource === undefined || candidate.displayOptions?.show?.resource?.includes(resource)),
	);
	return String(property?.default);
}

function exampleOperations(): Set<string> {
	const dir = path.join(ROOT, 'examples');
	const used = new Set<string>();
	for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
		const workflow = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
			nodes: { type: string; parameters: Record<string, unknown> }[];
		};
		for (const node of workflow.nodes.filter((candidate) => candidate.type === NODE_TYPE)) {
			const resource = String(node.parameters.resource ?? defaultOf('resource'));
			used.add(`${resource}:${String(node.parameters.operation ?? defaultOf('operation', resource))}`);
		}
	}
	return used;
}

/**
 * The operations the node tests run, read from their sources: a test file that sets `resource: 'x'` and names
 * `'y'` as a string runs operation y of resource x (directly, or through a helper such as `funds('addFunds', ...)`).
 */
function testedOperations(): Set<string> {
	const dir = path.join(ROOT, 'test/nodes');
	const tested = new Set<string>();
	for (const file of readdirSync(dir).filter((name) => name.endsWith('.test.ts'))) {
		const source = readFileSync(path.join(dir, file), 'utf8');
		const resources = [...source.matchAll(/\bresource:\s*'(\w+)'/g)].map((match) => match[1]);
		const strings = new Set([...source.matchAll(/'(\w+)'/g)].map((match) => match[1]));
		for (const resource of resources) for (const name of strings) tested.add(`${resource}:${name}`);
	}
	return tested;
}

/** The API methods the operations declare (`method`), by name. */
const declaredByOperations = () =>
	Object.values(resources).flatMap((operations) => Object.values(operations).map((operation) => operation.method.name));

test("§4 the node's operations declare exactly the methods the server serves, aliases (§9) aside", () => {
	const served = apiMethods.filter((method) => method.aliasOf === undefined).map((method) => method.name);
	expect(declaredByOperations().sort()).toEqual(served.sort());
});

test('each API method is declared once in the node, for an operation; the trigger and the dropdowns import it', () => {
	const sources = readdirSync(path.join(ROOT, 'nodes'), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.ts'))
		.map((file) => readFileSync(path.join(ROOT, 'nodes', file), 'utf8'));
	const declared = sources.flatMap((source) =>
		[...source.matchAll(/: ApiMethod = \{\s*name: '(\w+)'/g)].map((match) => match[1]),
	);
	expect(declared.sort()).toEqual(declaredByOperations().sort());
});

test('§9 every alias names a method the server serves', () => {
	const names = new Set(apiMethods.map((method) => method.name));
	for (const alias of apiMethods.filter((method) => method.aliasOf !== undefined)) expect(names).toContain(alias.aliasOf);
});

test('every operation of the node is run by a node test of its resource (test/nodes/*.test.ts)', () => {
	const tested = testedOperations();
	expect(nodeOperations().filter((operation) => !tested.has(operation))).toEqual([]);
});

test('every operation of the node is in an example workflow (examples/*.json, run in real n8n)', () => {
	const shown = exampleOperations();
	expect(nodeOperations().filter((operation) => !shown.has(operation))).toEqual([]);
});
