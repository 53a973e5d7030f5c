/**
 * The example workflows (`examples/<name>.json`), each with its expectation in the workflow's `meta.expect` (n8n keeps
 * `meta` on import and ignores what it does not know). The format is documented in examples/README.md; keep the two
 * in step.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface NodeExpectation {
	/** Exact number of items on output 0 of the node's last run. */
	items?: number;
	minItems?: number;
	/** Matched against the first item's JSON. */
	json?: Record<string, unknown>;
	/** Matched against every item's JSON. */
	each?: Record<string, unknown>;
	/** The node must fail (or emit an item with `error`) with a message containing this text. */
	error?: string;
}

/** A call of the Bot Platform API with the test account's key. */
export interface ApiCall {
	method: string;
	params: Record<string, unknown>;
}

export interface Expectation {
	/**
	 * "execute": `n8n execute` from the Manual Trigger; "trigger": `n8n start`, then "Fetch test event"; "schedule":
	 * `n8n start`, the workflow activated (its first poll runs), `afterActivation` made, then n8n's next scheduled poll.
	 */
	mode: 'execute' | 'trigger' | 'schedule';
	/** Mode "trigger": the polling trigger to run from. */
	trigger?: string;
	/** Mode "schedule": API calls made once the workflow is active, whose effect the next poll must emit. */
	afterActivation?: ApiCall[];
	/** Why the workflow is not run. */
	skip?: string;
	nodes: Record<string, NodeExpectation>;
}

export interface Workflow {
	id?: string;
	name: string;
	nodes: Array<{ name: string; type: string; [key: string]: unknown }>;
	meta?: { expect?: Partial<Expectation>; [key: string]: unknown };
	[key: string]: unknown;
}

export interface Example {
	name: string;
	file: string;
	/** A fixed, valid n8n workflow ID per file, so that `execute --id` and the REST calls can address it. */
	id: string;
	workflow: Workflow;
	expect: Expectation;
}

/** Every example in `folder`, sorted by file name (the order they run in), or only those named in `only`. */
export function loadExamples(folder: string, only?: ReadonlySet<string>): Example[] {
	if (!fs.existsSync(folder)) return [];
	return fs
		.readdirSync(folder)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const name = file.replace(/\.json$/, '');
			const workflow = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Workflow;
			const expect: Expectation = { mode: 'execute', nodes: {}, ...workflow.meta?.expect };
			const id = `e2e${createHash('sha1').update(name).digest('hex').slice(0, 13)}`;
			return { name, file, id, workflow, expect };
		})
		.filter((example) => !only || only.has(example.name));
}
