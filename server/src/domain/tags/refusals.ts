/** Why a tag rule refused (§10, §14.4, §14.5). No HTTP here: `api/tags/answers.ts` answers. */
import type { ContactAccessRefusal } from '../contact-access';

export type TagRefusal =
	| ContactAccessRefusal
	| { ok: false; reason: 'bot_not_found' | 'bot_forbidden' }
	/** The `tag_id` is no tag of the contact's bot (§14.4). */
	| { ok: false; reason: 'tag_unknown' }
	/** The bot already has the most tags it may hold (domain/tags/limits.ts). */
	| { ok: false; reason: 'tags_limit'; max: number };
