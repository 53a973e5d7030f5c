/**
 * Runs the Bot Platform Trigger's `poll()` the way n8n does, in-process: n8n-core's real `PollContext` on a real
 * `Workflow`, with the harness's credentials (see `n8n-harness.ts`), so parameters, static data and the HTTP
 * helpers are n8n's own code.
 *
 * Static data follows n8n's life cycle:
 * - 'trigger' polls share one live `Workflow` per activation, as n8n's active workflows do, so whatever a poll
 *   leaves in static data is seen by the next poll, even if it then failed. After a poll that succeeded, the
 *   node's static data is saved (`saved`): n8n 2.41 commits a poll's staged static data with the emitted
 *   execution, or on its own when the poll emitted nothing.
 * - 'manual' polls ("Fetch Test Event") run on a fresh copy of the saved data, which n8n then throws away.
 * - `restart()` drops the live workflow: the next poll starts from the saved data, as after an n8n restart.
 */
import './n8n-env';
import { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';
import { BotPlatformTrigger } from '../../../nodes/BotPlatform/BotPlatformTrigger.node';
import { additionalDataFor, type CredentialData } from './n8n-harness';

export const TRIGGER_NAME = 'Bot Platform Trigger';
export const TRIGGER_TYPE = 'n8n-nodes-bot-platform.botPlatformTrigger';

export type PollMode = 'manual' | 'trigger';

export interface PollerOptions {
	credentials: CredentialData;
	parameters?: INodeParameters;
	/** The trigger version the workflow was saved with; version 1 unless a test says otherwise. */
	typeVersion?: number;
	/** What `getPollBudgetMs()` answers; n8n-core's default (5 minutes) when unset. */
	pollBudgetMs?: number;
	/** Extra members for the poll context, e.g. `getCursor`/`setCursor` of a newer n8n. */
	extendContext?: (context: IPollFunctions) => void;
}

export interface PollResult {
	/** What `poll()` returned: null when nothing was new. */
	output: INodeExecutionData[][] | null;
	/** The JSON of the emitted items, in order. */
	json: IDataObject[];
	/** The ids of the emitted contacts, in order. */
	ids: number[];
	/** The node's static data as the poll left it. */
	staticData: IDataObject;
	/** Whether the poll changed the workflow's static data (n8n would then save the workflow). */
	changed: boolean;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function nodeTypes(): INodeTypes {
	const types: Record<string, INodeType> = { [TRIGGER_TYPE]: new BotPlatformTrigger() };
	return {
		getByName: (name) => types[name],
		getByNameAndVersion: (name, version) => NodeHelpers.getVersionedNodeType(types[name], version),
		getKnownTypes: () => ({}),
	};
}

export class Poller {
	/** The workflow's saved static data, keyed as n8n keys it (`node:<name>`). */
	saved: IDataObject = {};

	private live: Workflow | undefined;

	constructor(private options: PollerOptions) {}

	/** The trigger node's saved static data (its cursor). */
	get savedNodeData(): IDataObject {
		return (this.saved[`node:${TRIGGER_NAME}`] as IDataObject | undefined) ?? {};
	}

	/** New parameters, as when the user edits the node; static data is kept, as n8n keeps it. */
	setParameters(parameters: INodeParameters): void {
		this.options = { ...this.options, parameters };
		this.restart();
	}

	restart(): void {
		this.live = undefined;
	}

	private node(): INode {
		return {
			id: 'bot-platform-trigger',
			name: TRIGGER_NAME,
			type: TRIGGER_TYPE,
			typeVersion: this.options.typeVersion ?? 1,
			position: [0, 0],
			parameters: this.options.parameters ?? {},
			credentials: { botPlatformApi: { id: '1', name: 'Bot Platform account' } },
		};
	}

	private workflow(staticData: IDataObject): Workflow {
		return new Workflow({
			id: 'trigger-workflow',
			name: 'Bot Platform Trigger test',
			nodes: [this.node()],
			connections: {},
			active: true,
			nodeTypes: nodeTypes(),
			staticData,
			settings: { timezone: 'UTC' },
		});
	}

	async poll(mode: PollMode = 'trigger'): Promise<PollResult> {
		const workflow = mode === 'manual' ? this.workflow(clone(this.saved)) : (this.live ??= this.workflow(clone(this.saved)));
		const node = workflow.getNode(TRIGGER_NAME)!;
		const noop = () => {};
		const budget = this.options.pollBudgetMs;
		const context = new PollContext(
			workflow,
			node,
			additionalDataFor(this.options.credentials),
			mode,
			mode === 'manual' ? 'manual' : 'activate',
			noop,
			noop,
			undefined,
			undefined,
			undefined,
			budget === undefined ? undefined : () => budget,
		);
		this.options.extendContext?.(context);
		(workflow.staticData as IDataObject).__dataChanged = false;
		const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		const output = await nodeType.poll!.call(context);
		const changed = (workflow.staticData as IDataObject).__dataChanged === true;
		const staticData = clone(context.getWorkflowStaticData('node'));
		if (mode === 'trigger') this.saved = clone(workflow.staticData);
		const json = (output?.[0] ?? []).map((item) => item.json);
		return { output, json, ids: json.map((contact) => contact.id as number), staticData, changed };
	}
}
