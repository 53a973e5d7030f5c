/**
 * Runs the Bot Platform node with n8n's own execution engine, in-process, against a real HTTP server.
 *
 * - `runNode`: builds a real `Workflow` (n8n-workflow) of two nodes, "Input" → "Bot Platform", and runs it with
 *   n8n-core's `WorkflowExecute`, so parameters, expressions, defaults, `continueOnFail`, paired items and the
 *   HTTP helpers (`httpRequestWithAuthentication`) are n8n's own code.
 * - `loadOptions` / `searchList` / `resourceMapping`: call the node's methods with n8n-core's `LoadOptionsContext`, as
 *   the editor does.
 * - `testCredential`: runs the credential's declarative `test` request with n8n-core's `RoutingNode` and applies
 *   its `rules`, as the n8n CLI's credentials tester does (that tester is in the `n8n` package, not in n8n-core).
 *
 * Only n8n's credential store is faked (`TestCredentialsHelper`).
 */
import './n8n-env';
import { ExecuteContext, ExecutionLifecycleHooks, LoadOptionsContext, RoutingNode, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteData,
	INode,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	ResourceMapperFields,
} from 'n8n-workflow';
import { createRunExecutionData, NodeHelpers, Workflow } from 'n8n-workflow';
import { BotPlatformApi } from '../../../credentials/BotPlatformApi.credentials';
import { BotPlatform } from '../../../nodes/BotPlatform/BotPlatform.node';
import { TestCredentialsHelper } from './credentials-helper';

export const NODE_NAME = 'Bot Platform';
export const NODE_TYPE = 'n8n-nodes-bot-platform.botPlatform';
const INPUT_NAME = 'Input';
const INPUT_TYPE = 'test.input';
const CREDENTIAL_TYPE = 'botPlatformApi';

export interface CredentialData {
	apiKey: string;
	baseUrl: string;
	ignoreSslIssues?: boolean;
}

export type OnError = 'continueRegularOutput' | 'continueErrorOutput';

export interface RunOptions {
	credentials: CredentialData;
	parameters: INodeParameters;
	/** The node version the workflow was saved with; version 1 unless a test says otherwise. */
	typeVersion?: number;
	/** JSON of the input items; one empty item by default. */
	items?: IDataObject[];
	/** "On Error: Continue (using error output)" when 'continueErrorOutput', else "Continue" as before. */
	continueOnFail?: boolean;
	onError?: OnError;
	timezone?: string;
}

/** What the Bot Platform node produced, or the error it stopped with. */
export interface NodeRun {
	/** Items of the node's main output (its success output under "Continue (using error output)"). */
	items: INodeExecutionData[];
	json: IDataObject[];
	/** Under "Continue (using error output)": what reached the node connected to each output. */
	branches?: { success: IDataObject[]; error: IDataObject[] };
	error?: Error & { description?: string | null; httpCode?: string | null; context?: IDataObject };
	run: IRun;
}

/** Connected to each output of the node under "Continue (using error output)": it passes its items on. */
const PASS_THROUGH_TYPE = 'test.passThrough';
const BRANCH_NAMES = { success: 'Success Branch', error: 'Error Branch' } as const;

const passThroughNodeType: INodeType = {
	description: {
		displayName: 'Pass Through',
		name: PASS_THROUGH_TYPE,
		group: ['transform'],
		version: 1,
		description: 'Outputs its input',
		defaults: { name: 'Pass Through' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	},
	async execute() {
		return [this.getInputData()];
	},
};

/** A trigger-like first node that emits the test's items (n8n's Manual Trigger lives in nodes-base). */
function inputNodeType(items: IDataObject[]): INodeType {
	return {
		description: {
			displayName: 'Input',
			name: INPUT_TYPE,
			group: ['input'],
			version: 1,
			description: 'Emits fixed items',
			defaults: { name: INPUT_NAME },
			inputs: [],
			outputs: ['main'],
			properties: [],
		},
		async execute() {
			return [items.map((json) => ({ json }))];
		},
	};
}

export function nodeTypesWith(extra: Record<string, INodeType | IVersionedNodeType>): INodeTypes {
	const types: Record<string, INodeType | IVersionedNodeType> = { [NODE_TYPE]: new BotPlatform(), ...extra };
	return {
		getByName: (name) => types[name],
		getByNameAndVersion: (name, version) => NodeHelpers.getVersionedNodeType(types[name], version),
		getKnownTypes: () => ({}),
	};
}

export function additionalDataFor(
	credentials: CredentialData,
	currentNodeParameters?: INodeParameters,
): IWorkflowExecuteAdditionalData {
	const helper = new TestCredentialsHelper(
		{ [CREDENTIAL_TYPE]: new BotPlatformApi() },
		{ [CREDENTIAL_TYPE]: credentials as unknown as ICredentialDataDecryptedObject },
	);
	const base = 'http://localhost:5678';
	const data = {
		credentialsHelper: helper,
		currentNodeParameters,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: `${base}/`,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		currentNodeExecutionIndex: 0,
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not part of these tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('task runners are not part of these tests');
		},
	};
	return data as unknown as IWorkflowExecuteAdditionalData;
}

function botPlatformNode(parameters: INodeParameters, typeVersion = 1, onError?: OnError): INode {
	return {
		id: 'bot-platform',
		name: NODE_NAME,
		type: NODE_TYPE,
		typeVersion,
		position: [200, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'Bot Platform account' } },
		...(onError && { onError }),
	};
}

const branchNode = (name: string, y: number): INode => ({
	id: name,
	name,
	type: PASS_THROUGH_TYPE,
	typeVersion: 1,
	position: [400, y],
	parameters: {},
});

/** What WorkflowExecute needs for a manual run of `workflow` with the test's credential. */
export function manualRunDataFor(credentials: CredentialData, workflow: Workflow): IWorkflowExecuteAdditionalData {
	const additionalData = additionalDataFor(credentials);
	additionalData.hooks = new ExecutionLifecycleHooks('manual', 'test-execution', {
		id: workflow.id,
		name: workflow.name ?? '',
		nodes: [],
		connections: {},
		active: false,
		settings: {},
	} as never);
	return additionalData;
}

/**
 * Runs "Input" → "Bot Platform" with WorkflowExecute and returns the Bot Platform node's output. Under
 * "Continue (using error output)" a pass-through node is connected to each of its two outputs, as a user would,
 * and the whole workflow runs, so n8n's own routing decides which branch each item takes.
 */
export async function runNode(options: RunOptions): Promise<NodeRun> {
	const items = options.items ?? [{}];
	const onError = options.onError ?? (options.continueOnFail ? 'continueRegularOutput' : undefined);
	const withBranches = onError === 'continueErrorOutput';
	const node = botPlatformNode(options.parameters, options.typeVersion, onError);
	const input: INode = { id: 'input', name: INPUT_NAME, type: INPUT_TYPE, typeVersion: 1, position: [0, 0], parameters: {} };
	const to = (name: string) => [{ node: name, type: 'main' as const, index: 0 }];
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'Bot Platform test',
		nodes: withBranches
			? [input, node, branchNode(BRANCH_NAMES.success, -100), branchNode(BRANCH_NAMES.error, 100)]
			: [input, node],
		connections: {
			[INPUT_NAME]: { main: [to(NODE_NAME)] },
			...(withBranches && { [NODE_NAME]: { main: [to(BRANCH_NAMES.success), to(BRANCH_NAMES.error)] } }),
		},
		active: false,
		nodeTypes: nodeTypesWith({ [INPUT_TYPE]: inputNodeType(items), [PASS_THROUGH_TYPE]: passThroughNodeType }),
		settings: { timezone: options.timezone ?? 'UTC' },
	});
	const run = await new WorkflowExecute(manualRunDataFor(options.credentials, workflow), 'manual').run({
		workflow,
		startNode: workflow.getNode(INPUT_NAME)!,
		...(!withBranches && { destinationNode: { nodeName: NODE_NAME, mode: 'inclusive' as const } }),
	});
	const { runData } = run.data.resultData;
	const task = runData[NODE_NAME]?.[0];
	const outputItems = task?.data?.main?.[0] ?? [];
	const error = (task?.error ?? run.data.resultData.error) as NodeRun['error'];
	const received = (name: string) => (runData[name]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
	return {
		items: outputItems,
		json: outputItems.map((item) => item.json),
		...(withBranches && { branches: { success: received(BRANCH_NAMES.success), error: received(BRANCH_NAMES.error) } }),
		error,
		run,
	};
}

function editorContext(credentials: CredentialData, parameters: INodeParameters, path: string, typeVersion = 1) {
	const node = botPlatformNode(parameters, typeVersion);
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: nodeTypesWith({}) });
	const resolved = workflow.getNode(NODE_NAME)!;
	return new LoadOptionsContext(workflow, resolved, additionalDataFor(credentials, resolved.parameters), `parameters.${path}`);
}

/** Calls a `loadOptions` method as the editor does when the field at `path` opens. */
export async function loadOptions(
	credentials: CredentialData,
	method: string,
	parameters: INodeParameters,
	path: string,
	typeVersion = 1,
): Promise<INodePropertyOptions[]> {
	const nodeType = new BotPlatform();
	const fn = nodeType.methods.loadOptions[method as keyof typeof nodeType.methods.loadOptions];
	return await fn.call(editorContext(credentials, parameters, path, typeVersion));
}

/** Calls a `listSearch` method as a resource locator's list does. */
export async function searchList(
	credentials: CredentialData,
	method: string,
	parameters: INodeParameters,
	filter?: string,
	paginationToken?: string,
	{ path = 'list', typeVersion = 1 }: { path?: string; typeVersion?: number } = {},
): Promise<INodeListSearchResult> {
	const nodeType = new BotPlatform();
	const fn = nodeType.methods.listSearch[method as keyof typeof nodeType.methods.listSearch];
	return await fn.call(editorContext(credentials, parameters, path, typeVersion), filter, paginationToken);
}

/** Calls a `resourceMapping` method as a resource mapper does when it loads the fields to map. */
export async function resourceMapping(
	credentials: CredentialData,
	method: string,
	parameters: INodeParameters,
	path: string,
	typeVersion = 1,
): Promise<ResourceMapperFields> {
	const nodeType = new BotPlatform();
	const fn = nodeType.methods.resourceMapping[method as keyof typeof nodeType.methods.resourceMapping];
	return await fn.call(editorContext(credentials, parameters, path, typeVersion));
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/**
 * The credential's `test` as n8n runs it: a throw-away node whose one property routes the test request,
 * executed by RoutingNode with the decrypted credential; a refusal is matched against `rules` by status code.
 */
export async function testCredential(credentials: CredentialData): Promise<CredentialTestResult> {
	const credentialType = new BotPlatformApi();
	const test = credentialType.test;
	const nodeType: INodeType = {
		description: {
			displayName: 'Credential test',
			name: 'test.credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: test.request } }],
		},
	};
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'test.credentialTest',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'test' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesWith({ 'test.credentialTest': nodeType }),
	});
	const executeData: IExecuteData = { node, data: {}, source: null };
	const runData: IRunExecutionData = createRunExecutionData();
	const context = new ExecuteContext(
		workflow,
		node,
		additionalDataFor(credentials),
		'internal',
		runData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		executeData,
		[],
	);
	const decrypted = { id: '1', name: 'test', type: CREDENTIAL_TYPE, data: { ...credentials } as ICredentialDataDecryptedObject };
	try {
		await new RoutingNode(context, nodeType, decrypted).runNode();
	} catch (error) {
		const response = (error as { cause?: { response?: { status: number; statusText?: string } } }).cause?.response;
		if (response) {
			const rule = (test.rules ?? []).find((r) => r.type === 'responseCode' && r.properties.value === response.status);
			if (rule) return { status: 'Error', message: String(rule.properties.message) };
			return { status: 'Error', message: response.statusText || `Received HTTP status code: ${response.status}` };
		}
		const code = (error as { cause?: { code?: string } }).cause?.code;
		return { status: 'Error', message: code ?? (error as Error).message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

/** Evaluates an n8n expression of a credential (e.g. the test request's base URL) with n8n's expression engine. */
export function evaluateCredentialExpression(expression: string, credentials: Record<string, unknown>): unknown {
	const node = botPlatformNode({});
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: nodeTypesWith({}) });
	return workflow.expression.getSimpleParameterValue(
		node,
		expression,
		'internal',
		{ $credentials: credentials } as never,
		undefined,
		'',
	);
}
