/**
 * Checks one n8n run against an example's expectation (format: examples/README.md) and says what differs.
 * Items are compared with jest's `toMatchObject` (the standalone `expect` package), whose message shows a diff of
 * just the expected part of the item.
 */
import { expect } from 'expect';
import type { ExecutionError, IRun, ITaskData } from 'n8n-workflow';
import type { Expectation, NodeExpectation } from './examples';

/** What differs between `run` and `expectation`; empty when the run is as expected. */
export function checkRun(run: IRun, expectation: Expectation): string[] {
	const problems: string[] = [];
	const runData = run.data?.resultData?.runData ?? {};
	for (const [node, expected] of Object.entries(expectation.nodes)) {
		const tasks = runData[node];
		if (!tasks?.length) {
			problems.push(`node "${node}" did not run (ran: ${Object.keys(runData).join(', ') || 'nothing'})`);
			continue;
		}
		problems.push(...checkNode(node, tasks[tasks.length - 1], expected));
	}
	// Nodes that failed without an expectation saying so.
	for (const [node, tasks] of Object.entries(runData)) {
		const { error } = tasks[tasks.length - 1];
		if (error && !expectation.nodes[node]) problems.push(`node "${node}" failed: ${error.message}`);
	}
	// A workflow-level error not tied to a node that is already reported (or expected to fail).
	const workflowError = run.data?.resultData?.error;
	if (workflowError) {
		const failedNode = 'node' in workflowError ? workflowError.node?.name : undefined;
		if (!failedNode || !runData[failedNode]?.at(-1)?.error) {
			problems.push(`workflow error: ${workflowError.message}${failedNode ? ` (node "${failedNode}")` : ''}`);
		}
	}
	return [...new Set(problems)];
}

function checkNode(node: string, task: ITaskData, expected: NodeExpectation): string[] {
	const items = (task.data?.main?.[0] ?? []).map((item) => item.json);
	if (expected.error !== undefined) {
		// Under "Continue On Fail" the node succeeds and its items carry the error.
		const errorText = task.error ? describeError(task.error) : items.map((json) => json?.error ?? '').join(' ');
		if (!errorText.trim()) return [`node "${node}": expected an error containing "${expected.error}", it succeeded`];
		if (!errorText.toLowerCase().includes(String(expected.error).toLowerCase())) {
			return [`node "${node}": expected an error containing "${expected.error}", got "${errorText.trim()}"`];
		}
		return [];
	}
	if (task.error) return [`node "${node}" failed: ${describeError(task.error)}`];
	const problems: string[] = [];
	if (expected.items !== undefined && items.length !== expected.items) {
		problems.push(`node "${node}": expected ${expected.items} items, got ${items.length}`);
	}
	if (expected.minItems !== undefined && items.length < expected.minItems) {
		problems.push(`node "${node}": expected at least ${expected.minItems} items, got ${items.length}`);
	}
	if (expected.json !== undefined) {
		if (!items.length) problems.push(`node "${node}": expected an item, got none`);
		else problems.push(...mismatch(`node "${node}" item 0`, items[0], expected.json));
	}
	const { each } = expected;
	if (each !== undefined) items.forEach((json, i) => problems.push(...mismatch(`node "${node}" item ${i}`, json, each)));
	return problems;
}

function describeError(error: ExecutionError): string {
	return `${error.message}${error.description ? ` (${error.description})` : ''}`;
}

/** `toMatchObject`, except that `null` in `expected` also accepts a missing key (for "this is gone" checks). */
function mismatch(where: string, actual: unknown, expected: Record<string, unknown>): string[] {
	try {
		expect(withMissingAsNull(actual, expected)).toMatchObject(expected);
		return [];
	} catch (error) {
		return [`${where}: ${(error as Error).message}`];
	}
}

/** A copy of `actual` in which each key that `expected` sets to null and `actual` lacks is there, as null. */
function withMissingAsNull(actual: unknown, expected: unknown): unknown {
	if (!isObject(actual) || !isObject(expected)) return actual;
	if (Array.isArray(actual)) {
		return Array.isArray(expected) ? actual.map((item, i) => withMissingAsNull(item, expected[i])) : actual;
	}
	const copy: Record<string, unknown> = { ...actual };
	for (const [key, value] of Object.entries(expected)) {
		if (key in actual) copy[key] = withMissingAsNull(actual[key as keyof typeof actual], value);
		else if (value === null) copy[key] = null;
	}
	return copy;
}

const isObject = (value: unknown): value is object => value !== null && typeof value === 'object';
