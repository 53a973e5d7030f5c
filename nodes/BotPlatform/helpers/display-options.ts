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

/**
 * The node has versions 1, 2, 3 and 3.1 in one description (`version: [1, 2, 3, 3.1]`). A parameter whose name, type, default or
 * meaning changed exists once per version, each shown only in its version, so a workflow saved with version 1
 * keeps the parameters and defaults it was saved with.
 */
export const inVersion1 = (properties: INodeProperties[]) => withDisplayOptions({ show: { '@version': [1] } }, properties);

export const fromVersion2 = (properties: INodeProperties[]) =>
	withDisplayOptions({ show: { '@version': [{ _cnd: { gte: 2 } }] } }, properties);

/** The version-1 form of a parameter, then its form from version 2 on. */
export const perVersion = (version1: INodeProperties[], version2: INodeProperties[]) => [
	...inVersion1(version1),
	...fromVersion2(version2),
];

/** Shown in the versions listed only. */
export const inVersions = (versions: number[], properties: INodeProperties[]) =>
	withDisplayOptions({ show: { '@version': versions } }, properties);

export const fromVersion3 = (properties: INodeProperties[]) =>
	withDisplayOptions({ show: { '@version': [{ _cnd: { gte: 3 } }] } }, properties);

/** Shown from version 3.1 on (3.1 names the key holder's resource `user`; 1 to 3 saved it as `account`). */
export const fromVersion3point1 = (properties: INodeProperties[]) =>
	withDisplayOptions({ show: { '@version': [{ _cnd: { gte: 3.1 } }] } }, properties);

/** Shown in versions 1 to 3, not from 3.1 on. */
export const upToVersion3 = (properties: INodeProperties[]) => inVersions([1, 2, 3], properties);

/** A parameter with a form per version: version 1's, version 2's, and the one from version 3 on. */
export const perVersion3 = (version1: INodeProperties[], version2: INodeProperties[], version3: INodeProperties[]) => [
	...inVersion1(version1),
	...inVersions([2], version2),
	...fromVersion3(version3),
];
