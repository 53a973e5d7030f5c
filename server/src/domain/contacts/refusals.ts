/** Why a contact rule refused (§4.16, §7.4). No HTTP here: `api/contacts/answers.ts` answers. */

/** The bot is not one of the caller's live bots. */
export type ContactRefusal = { ok: false; reason: 'bot_not_found' };
