/** The variable shape of §11.1. */
import type { z } from 'zod';
import type { ContactVariable } from '../../models/contact';
import type { contactVariableJson } from './outputs';

export function presentContactVariable(variable: ContactVariable): z.output<typeof contactVariableJson> {
	return {
		id: variable.id,
		name: variable.name,
		value: variable.value,
		deletable: variable.deletable,
		variable: { id: variable.id, name: variable.name },
	};
}
