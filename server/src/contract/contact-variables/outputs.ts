/** The contact variable as getContactVariables and setContactVariable send it (§11.1, §14.6): CleverApp's and Watbot's shape. */
import { z } from 'zod';

export const contactVariableJson = z
	.object({
		id: z.int().meta({ description: 'The `id` of this variable in the contact object (§2.4).' }),
		name: z.string(),
		value: z.string().nullable(),
		deletable: z.boolean(),
		variable: z.object({ id: z.int(), name: z.string() }).meta({ description: 'The same `id` and `name`.' }),
	})
	.meta({ id: 'ContactVariableItem', description: 'A variable of a contact, as §11.1 shows it.' });
