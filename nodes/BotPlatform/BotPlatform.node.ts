/**
 * The Bot Platform action node, versions 1, 2, 3 and 3.1 in one description (`actions/versionDescription.ts`): most
 * operations did not change, and those that did differ in a few parameters, so one description with per-version
 * parameters replaces a copy of the node per version. Workflows saved with earlier versions keep their
 * parameters, defaults and outputs; new nodes get version 3.1. The transport in `transport/` is shared with the trigger.
 */
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from './transport';
import { findOperation } from './actions/router';
import { DEFAULT_VERSION, properties, toolDescription, VERSIONS } from './actions/versionDescription';
import { listSearch, loadOptions, resourceMapping } from './methods';
import { RunMemo } from './helpers/run-memo';

/**
 * The JSON of a failed item: the message, and the API's machine-readable parts (`description`, `status`, `code`,
 * `errors`). On the main output ("On Error: Continue (regular output)") they sit beside `error`. n8n sends an item
 * to the error output ("Continue (using error output)") only when its JSON has `error` and (n8n 1.x) at most
 * `message` beside it, or (n8n 2.x) `message` and `details`; so there all parts go inside `error`, as n8n's HTTP
 * Request node does it.
 */
function failedItemJson(error: NodeApiError | NodeOperationError, onError: INode['onError']): IDataObject {
	const api = (error.context?.botPlatform ?? {}) as IDataObject;
	const present = (value: unknown) => value !== undefined && value !== null;
	const details: IDataObject = {
		...(typeof error.description === 'string' && { description: error.description }),
		...(present(api.status) && { status: api.status }),
		...(present(api.code) && { code: api.code }),
		...(present(api.errors) && { errors: api.errors }),
	};
	if (onError === 'continueErrorOutput') return { error: { message: error.message, ...details } };
	return { error: error.message, ...details };
}

export class BotPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Bot Platform',
		name: 'botPlatform',
		icon: { light: 'file:botPlatform.svg', dark: 'file:botPlatform.dark.svg' },
		group: ['transform'],
		version: VERSIONS,
		defaultVersion: DEFAULT_VERSION,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage contacts, contact balances and lists of your Bot Platform chatbots',
		defaults: { name: 'Bot Platform' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		usableAsTool: { replacements: { description: toolDescription } },
		properties,
	};

	methods = { listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const returnData: INodeExecutionData[] = [];
		// This run's only: a list's fields read for one item serve the next, and a new run reads them afresh.
		const run = new RunMemo();
		for (let i = 0; i < items.length; i++) {
			try {
				const resource = this.getNodeParameter('resource', i) as string;
				const operation = this.getNodeParameter('operation', i) as string;
				const handler = findOperation(resource, operation);
				if (!handler) {
					throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`, {
						itemIndex: i,
					});
				}
				const result = await handler.execute.call(this, i, run);
				returnData.push(
					...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), { itemData: { item: i } }),
				);
			} catch (caught) {
				const error =
					caught instanceof NodeApiError || caught instanceof NodeOperationError
						? caught
						: new NodeOperationError(this.getNode(), caught as Error, { itemIndex: i });
				// Errors from the transport and the helpers carry their item already; this makes sure of it.
				error.context.itemIndex ??= i;
				if (!this.continueOnFail()) throw error;
				returnData.push({ json: failedItemJson(error, this.getNode().onError), pairedItem: { item: i } });
			}
		}
		return [returnData];
	}
}
