/**
 * Where a trigger event keeps its cursor between polls: `this.setCursor` when n8n offers it (durable cursors, newer
 * n8n), else the node's static data, which n8n 2.41 stages and commits with the poll (also when it emits nothing).
 * Each event parses what it finds and ignores a cursor it did not write (another event's, or a damaged one).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

/** `getCursor`/`setCursor` of newer n8n versions; n8n-workflow 2.41's `IPollFunctions` has neither. */
interface DurableCursorFunctions {
	getCursor(): IDataObject | undefined | Promise<IDataObject | undefined>;
	setCursor(cursor: IDataObject): void | Promise<void>;
}

function durable(context: IPollFunctions): (IPollFunctions & DurableCursorFunctions) | undefined {
	const candidate = context as IPollFunctions & Partial<DurableCursorFunctions>;
	return typeof candidate.getCursor === 'function' && typeof candidate.setCursor === 'function'
		? (candidate as IPollFunctions & DurableCursorFunctions)
		: undefined;
}

export async function readStoredCursor<T>(
	context: IPollFunctions,
	parse: (stored: IDataObject | undefined) => T | undefined,
): Promise<T | undefined> {
	const api = durable(context);
	// With durable cursors, a cursor kept in static data by an older n8n is still honoured (nothing re-seeds).
	const fromApi = api ? parse(await api.getCursor()) : undefined;
	return fromApi ?? parse(context.getWorkflowStaticData('node'));
}

/** Plain JSON of the cursor's own keys, in the cursor's key order. */
const asStored = (source: IDataObject, keys: string[]) => JSON.stringify(keys.map((key) => source[key] ?? null));

export async function writeStoredCursor(context: IPollFunctions, cursor: IDataObject): Promise<void> {
	const value = JSON.parse(JSON.stringify(cursor)) as IDataObject;
	const api = durable(context);
	if (api) {
		await api.setCursor(value);
		return;
	}
	const staticData = context.getWorkflowStaticData('node');
	const keys = Object.keys(value);
	// Only real changes are written, so an idle poll does not mark the workflow as changed.
	if (asStored(staticData, keys) === asStored(value, keys) && Object.keys(staticData).length === keys.length) return;
	// Another event's cursor goes: switching events and back starts over, as a first run.
	for (const key of Object.keys(staticData)) if (!keys.includes(key)) delete staticData[key];
	Object.assign(staticData, value);
}
