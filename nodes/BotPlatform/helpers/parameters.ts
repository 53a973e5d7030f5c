/** The node's parameters as operations read them: typed, checked, with the call options of the item. */
import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { ApiCallOptions } from '../transport';

/** What the transport needs from an item: its index (errors carry it) and the Options → rate-limit wait. */
export function callOptions(this: IExecuteFunctions, itemIndex: number): ApiCallOptions {
	const options = this.getNodeParameter('options', itemIndex, {}) as { maxWaitSeconds?: number };
	return { itemIndex, maxWaitSeconds: options.maxWaitSeconds };
}

/** The node version the workflow was saved with (see `helpers/display-options.ts`). */
export function nodeVersion(this: IExecuteFunctions | ILoadOptionsFunctions): number {
	return this.getNode().typeVersion;
}

/** A positive whole-number ID from a number field, a text field, a picker (from version 3) or an expression. */
export function idParameter(this: IExecuteFunctions, name: string, itemIndex: number, label: string): number {
	// Pickers exist from version 3; earlier versions read their fields exactly as they always did.
	const picker = nodeVersion.call(this) >= 3 ? { extractValue: true } : undefined;
	const raw = this.getNodeParameter(name, itemIndex, undefined, picker) as unknown;
	const value = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
		throw new NodeOperationError(this.getNode(), `${label} must be a positive whole number, got "${String(raw)}"`, { itemIndex });
	}
	return value;
}

/** A required text parameter, trimmed; empty is an error naming the field. */
export function textParameter(this: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const value = String(this.getNodeParameter(name, itemIndex) ?? '').trim();
	if (value === '') throw new NodeOperationError(this.getNode(), `${label} is empty`, { itemIndex });
	return value;
}

/** The ID of the list chosen in the List resource locator. */
export function listIdParameter(this: IExecuteFunctions, itemIndex: number): string {
	const value = String(this.getNodeParameter('list', itemIndex, undefined, { extractValue: true }) ?? '').trim();
	if (value === '') throw new NodeOperationError(this.getNode(), 'No list chosen: pick a list or enter its ID', { itemIndex });
	return value;
}
