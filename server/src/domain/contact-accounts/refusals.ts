/** Why a contact account rule refused (§4.9 to §4.13, §7.3). No HTTP here: `api/contact-accounts/answers.ts` answers. */
import type { ContactAccount } from './contact-accounts';

export type AccessRefusal = {
	ok: false;
	reason: 'contact_not_found' | 'contact_forbidden' | 'account_not_found' | 'account_forbidden';
};

/** A conditional update kept losing to parallel changes of the same account; nothing changed. */
export type ContentionRefusal = { ok: false; reason: 'contention' };

export type ContactAccountRefusal =
	| AccessRefusal
	| ContentionRefusal
	| { ok: false; reason: 'currency_exists'; currency: string }
	| { ok: false; reason: 'not_empty' | 'balance_limit' | 'account_blocked'; account: ContactAccount }
	/** `amount` is what the call asked to debit. */
	| { ok: false; reason: 'insufficient_funds'; account: ContactAccount; amount: number };

export type ContactAccountOutcome = { ok: true; account: ContactAccount } | ContactAccountRefusal;
