/** Parameters of the contact variable methods (§11.3 to §11.5). Only plain values pass, never operator objects. */
import { z } from 'zod';
import { MAX_VARIABLE_NAME, MAX_VARIABLE_VALUE } from '../../domain/contact-variables/limits';
import { boolean, integer, text } from '../kit/validation';
import { eitherOf } from '../kit/one-of';

const contactId = () => integer({ min: 1 }).meta({ description: 'The contact ID.' });

const name = () => text(MAX_VARIABLE_NAME).meta({ description: 'The variable name, up to 255 characters.' });

/** §11.3 */
export const getContactVariablesInput = z.object({ contact_id: contactId() });

/** §11.4, §14.7: any scalar value is stored as a string (a JSON number or boolean as its JSON text). */
export const setContactVariableInput = z.object({
	contact_id: contactId(),
	name: name(),
	value: z
		.preprocess(
			(value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
			text(MAX_VARIABLE_VALUE),
		)
		.meta({ description: 'The new value, up to 65,535 characters; a number or boolean is stored as its JSON text.' }),
	deletable: boolean().nullish().meta({
		description:
			'1: the platform removes the value once the bot creates a request; 0: kept. Default 0 on a new variable; omitted, an existing variable keeps its flag.',
	}),
});

/** §11.5, §14.8: by `id` or `name`; `id` wins when both are sent. */
export const deleteContactVariableInput = z
	.object({
		contact_id: contactId(),
		id: integer({ min: 1 }).nullish().meta({
			description:
				'The variable ID (`id` of getContactVariables and of the contact object). Required without `name`; wins over it.',
		}),
		name: name().nullish().meta({ description: 'The variable name. Required without `id`.' }),
	})
	.superRefine(...eitherOf('id', 'name'));
