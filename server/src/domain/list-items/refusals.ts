/** Why a list item rule refused (§12.4 to §12.8). No HTTP here: `api/list-items/answers.ts` answers. */
import type { ListRefusal } from '../lists/refusals';

export type ListItemRefusal =
	| Extract<ListRefusal, { reason: 'list_not_found' | 'list_forbidden' }>
	| { ok: false; reason: 'item_not_found' }
	| { ok: false; reason: 'item_forbidden' }
	/** A `contact` or `bot` value that is not the caller's own live contact or bot, under `data.<slug>`. */
	| { ok: false; reason: 'value_not_owned'; slugs: string[] }
	/** `bot_id` or `contact_id` sent to getListItems for a list without such a field. */
	| { ok: false; reason: 'no_such_field'; param: 'bot_id' | 'contact_id' };

/** Those of the refusals with these reasons. */
export type Refused<R extends ListItemRefusal['reason']> = Extract<ListItemRefusal, { reason: R }>;
