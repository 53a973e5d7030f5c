/**
 * Runs the Bot Platform node the way an AI Agent runs one of its tools, with n8n-core's own tool machinery: the node
 * type as the n8n CLI offers it to agents (`<name>Tool`, no main input, an `ai_tool` output), connected to a stand-in
 * agent whose `execute` asks n8n-core for its tools (`getInputConnectionData`) and calls the Bot Platform tool with
 * the arguments a model would send. n8n-core builds the tool's schema from the `$fromAI()` keys of the parameters
 * and resolves them from those arguments. Only the model is faked (the agent's arguments are the test's).
 */
import { WorkflowExecute } from 'n8n-core';
import type { IDataObject, INode, INodeParameters, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes, Workflow } from 'n8n-workflow';
import { BotPlatform } from '../../../nodes/BotPlatform/BotPlatform.node';
import { manualRunDataFor, nodeTypesWith, NODE_TYPE, type CredentialData } from './n8n-harness';

const TOOL_TYPE = `${NODE_TYPE}Tool`;
const AGENT_TYPE = 'test.agent';
const TOOL_NAME = 'Bot Platform';
const AGENT_NAME = 'Agent';

interface StructuredTool {
	name: string;
	schema: { shape: Record<string, unknown> };
	invoke(args: IDataObject): Promise<string>;
}

/** What the n8n CLI makes of a node with `usableAsTool` (`tool-generation/ai-tools.ts`): the same node, as a tool. */
function asAiTool(): INodeType {
	const node = new BotPlatform();
	return Object.assign(node, {
		description: {
			...node.description,
			name: `${node.description.name}Tool`,
			displayName: `${node.description.displayName} Tool`,
			inputs: [],
			outputs: [NodeConnectionTypes.AiTool],
		},
	});
}

/** The stand-in agent: lists its tools' argument names, calls the one tool with `args`, and outputs the answer. */
function agentType(args: IDataObject): INodeType {
	return {
		description: {
			displayName: 'Agent',
			name: AGENT_TYPE,
			group: ['transform'],
			version: 1,
			description: 'Calls its tool once',
			defaults: { name: AGENT_NAME },
			inputs: [NodeConnectionTypes.Main, NodeConnectionTypes.AiTool],
			outputs: [NodeConnectionTypes.Main],
			properties: [],
		},
		async execute() {
			const tools = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as StructuredTool[];
			const [tool] = tools;
			const answer = await tool.invoke(args).then(
				(text) => ({ response: JSON.parse(text) as IDataObject }),
				(error: Error) => ({ thrown: error.message }),
			);
			return [[{ json: { tool: tool.name, arguments: Object.keys(tool.schema.shape).sort(), ...answer } }]];
		},
	};
}

export interface ToolRun {
	/** The tool's name and the argument names n8n asks the model for. */
	tool: string;
	arguments: string[];
	/** What the tool answered the model (n8n's JSON of the node's items), or the error it threw. */
	response?: unknown;
	thrown?: string;
}

/** Runs Agent ← Bot Platform Tool once, the tool called with `args` (what the model would send). */
export async function runAsAgentTool(options: {
	credentials: CredentialData;
	parameters: INodeParameters;
	args: IDataObject;
	typeVersion: number;
}): Promise<ToolRun> {
	const tool: INode = {
		id: 'tool',
		name: TOOL_NAME,
		type: TOOL_TYPE,
		typeVersion: options.typeVersion,
		position: [0, 200],
		parameters: options.parameters,
		credentials: { botPlatformApi: { id: '1', name: 'Bot Platform account' } },
	};
	const agent: INode = { id: 'agent', name: AGENT_NAME, type: AGENT_TYPE, typeVersion: 1, position: [200, 0], parameters: {} };
	const workflow = new Workflow({
		id: 'agent-workflow',
		name: 'Bot Platform as a tool',
		nodes: [agent, tool],
		connections: {
			[TOOL_NAME]: { [NodeConnectionTypes.AiTool]: [[{ node: AGENT_NAME, type: NodeConnectionTypes.AiTool, index: 0 }]] },
		},
		active: false,
		nodeTypes: nodeTypesWith({ [TOOL_TYPE]: asAiTool(), [AGENT_TYPE]: agentType(options.args) }),
		settings: { timezone: 'UTC' },
	});
	const run = await new WorkflowExecute(manualRunDataFor(options.credentials, workflow), 'manual').run({
		workflow,
		startNode: workflow.getNode(AGENT_NAME)!,
	});
	const task = run.data.resultData.runData[AGENT_NAME]?.[0];
	if (!task?.data) throw task?.error ?? run.data.resultData.error ?? new Error('the agent did not run');
	return task.data.main[0]![0].json as unknown as ToolRun;
}
