/** Why a contact variable rule refused (§11, §14.5, §14.8). No HTTP here: `api/contact-variables/answers.ts` answers. */
import type { ContactAccessRefusal } from '../contact-access';

export type VariableRefusal =
	| ContactAccessRefusal
	/** No variable of the contact has this `id`, or (no `id` sent) this `name` (§14.8). */
	| { ok: false; reason: 'variable_id_not_found' | 'variable_name_not_found' }
	/** The contact already holds the most variables it may (domain/contact-variables/limits.ts). */
	| { ok: false; reason: 'variables_limit'; max: number };
