/** The filters shared by getContacts and getNumberOfContacts (§4.14, §4.15). */
import { integer } from '../../http/validation';
import type { ContactFilter } from '../../domain/contacts/contact-export';

/** Unix seconds whose milliseconds (and the next second's) still fit in a JavaScript Date. */
const UNIX_SECONDS = { min: -8_640_000_000_000, max: 8_639_999_999_999 };

export const contactFilterFields = {
	bot_id: integer().nullish(),
	date_from: integer(UNIX_SECONDS).nullish(),
	date_to: integer(UNIX_SECONDS).nullish(),
};

export function contactFilterOf(input: {
	bot_id?: number | null;
	date_from?: number | null;
	date_to?: number | null;
}): ContactFilter {
	return { botId: input.bot_id ?? undefined, dateFrom: input.date_from ?? undefined, dateTo: input.date_to ?? undefined };
}
