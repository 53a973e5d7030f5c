/**
 * What the contact variable methods' parameters (§11.3 to §11.5) share; each method declares its own in its file.
 * Only plain values pass, never operator objects.
 */
import { MAX_VARIABLE_NAME } from '../../domain/contact-variables/limits';
import { integer, text } from '../kit/validation';

export const contactId = () => integer({ min: 1 }).meta({ description: 'The contact ID.' });

export const variableName = () => text(MAX_VARIABLE_NAME).meta({ description: 'The variable name, up to 255 characters.' });
