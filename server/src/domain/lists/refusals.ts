/** Why a list rule refused (§4.4 to §4.8, §7.2). No HTTP here: `api/lists/answers.ts` answers. */

export type ListRefusal =
	| { ok: false; reason: 'list_not_found' }
	| { ok: false; reason: 'list_forbidden' }
	| { ok: false; reason: 'target_missing'; field: 'bot_id' | 'project_uuid' }
	| { ok: false; reason: 'lists_limit'; max: number }
	| { ok: false; reason: 'slug_taken' }
	| { ok: false; reason: 'slug_unknown' };

/** Those of the refusals with these reasons. */
export type Refused<R extends ListRefusal['reason']> = Extract<ListRefusal, { reason: R }>;
