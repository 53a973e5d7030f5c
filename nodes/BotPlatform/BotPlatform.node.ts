/**
 * The Bot Platform action node. Everything version-specific lives in `v1/` (operations, methods, helpers), the
 * transport in `transport/` is shared with the trigger. A breaking change later becomes `v2/`: this class
 * then moves to `v1/BotPlatformV1.node.ts` and `BotPlatform` becomes a `VersionedNodeType` over both,
 * so workflows saved with version 1 keep running unchanged. (A plain class for now keeps the description
 * literal here, where n8n's lint can check it, and the icon path valid both for lint and for n8n's loader.)
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from './transport';
import { findOperation } from './v1/actions/router';
import { properties, toolDescription, VERSION } from './v1/actions/versionDescription';
import { listSearch, loadOptions } from './v1/methods';

/** A failed item under "Continue On Fail": the message plus the API's machine-readable parts. */
function errorJson(error: Error & { description?: unknown; context?: IDataObject }): IDataObject {
	const details = (error.context?.botPlatform ?? {}) as IDataObject;
	const present = (value: unknown) => value !== undefined && value !== null;
	return {
		error: error.message,
		...(typeof error.description === 'string' && { description: error.description }),
		...(present(details.status) && { status: details.status }),
		...(present(details.code) && { code: details.code }),
		...(present(details.errors) && { errors: details.errors }),
	};
}

export class BotPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Bot Platform',
		name: 'botPlatform',
		icon: { light: 'file:botPlatform.svg', dark: 'file:botPlatform.dark.svg' },
		group: ['transform'],
		version: VERSION,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage contacts, contact balances and lists of your Bot Platform chatbots',
		defaults: { name: 'Bot Platform' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		usableAsTool: { replacements: { description: toolDescription } },
		properties,
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const returnData: INodeExecutionData[] = [];
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
				const result = await handler.execute.call(this, i);
				returnData.push(
					...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), { itemData: { item: i } }),
				);
			} catch (error) {
				if (this.continueOnFail()) {
					returnData.push({ json: errorJson(error as Error), pairedItem: { item: i } });
					continue;
				}
				// Errors from the transport already carry their item; anything else gets it here.
				if (error instanceof NodeApiError)
					throw new NodeApiError(this.getNode(), error as unknown as JsonObject, { itemIndex: i });
				throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: i });
			}
		}
		return [returnData];
	}
}
