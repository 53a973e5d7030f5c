/**
 * Adds display conditions to a group of properties (n8n's own `updateDisplayOptions` lives in nodes-base, which
 * a community package cannot import). Conditions already on a property are kept and merged.
 */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

function mergeConditions(
	existing: IDisplayOptions['show'] | undefined,
	added: IDisplayOptions['show'] | undefined,
): IDisplayOptions['show'] | undefined {
	if (!existing) return added;
	if (!added) return existing;
	return { ...existing, ...added };
}

export function withDisplayOptions(displayOptions: IDisplayOptions, properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => {
		const show = mergeConditions(property.displayOptions?.show, displayOptions.show);
		const hide = mergeConditions(property.displayOptions?.hide, displayOptions.hide);
		return { ...property, displayOptions: { ...property.displayOptions, ...(show && { show }), ...(hide && { hide }) } };
	});
}

/** Shows the properties only for one operation of one resource. */
export function forOperation(resource: string, operation: string, properties: INodeProperties[]): INodeProperties[] {
	return withDisplayOptions({ show: { resource: [resource], operation: [operation] } }, properties);
}
