/** The Filters collection of the contact operations, as API parameters. */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { ContactFilters } from '../transport';
import { DateInputError, toUnixSeconds } from './dates';

interface FilterValues {
	/** A number (version 1), text (version 2), or a picker's value (from version 3). */
	botId?: number | string | { value?: unknown };
	createdFrom?: unknown;
	createdTo?: unknown;
}

export function contactFilters(this: IExecuteFunctions, itemIndex: number): ContactFilters {
	const values = this.getNodeParameter('filters', itemIndex, {}) as FilterValues;
	const timeZone = this.getTimezone();
	const date = (value: unknown, label: string): number | undefined => {
		if (value === undefined || value === null || value === '') return undefined;
		try {
			return toUnixSeconds(value, timeZone);
		} catch (error) {
			const reason = error instanceof DateInputError ? error.message : (error as Error).message;
			throw new NodeOperationError(this.getNode(), `${label}: ${reason}`, { itemIndex });
		}
	};
	const filters: ContactFilters = {};
	const chosenBot = typeof values.botId === 'object' && values.botId !== null ? values.botId.value : values.botId;
	// Unset is 0 in version 1 and empty since; both mean all bots.
	if (chosenBot !== undefined && chosenBot !== null && String(chosenBot).trim() !== '' && chosenBot !== 0) {
		const botId = Number(chosenBot);
		if (!Number.isSafeInteger(botId) || botId < 1) {
			throw new NodeOperationError(this.getNode(), `Bot ID must be a positive whole number, got "${String(chosenBot)}"`, {
				itemIndex,
			});
		}
		filters.bot_id = botId;
	}
	const from = date(values.createdFrom, 'Created From');
	const to = date(values.createdTo, 'Created To');
	if (from !== undefined) filters.date_from = from;
	if (to !== undefined) filters.date_to = to;
	return filters;
}
