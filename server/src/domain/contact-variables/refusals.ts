/** Why a contact variable rule refused (§11, §14.5, §14.8). No HTTP here: `api/contact-variables/refusals.ts` answers. */
import type { ContactAccessRefusal } from '../contact-access';

export type VariableRefusal =
	| ContactAccessRefusal
	/** No variable of the contact has this `id` or `name` (§14.8); `by` is the parameter that chose it. */
	| { ok: false; reason: 'variable_not_found'; by: 'id' | 'name' }
	/** The contact already holds the most variables it may (domain/contact-variables/limits.ts). */
	| { ok: false; reason: 'variables_limit'; max: number };
