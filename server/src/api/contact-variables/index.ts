/** The contact variable methods (§11). */
import type { ApiMethod } from '../api-method';
import { deleteContactVariable } from './delete-contact-variable';
import { getContactVariables } from './get-contact-variables';
import { setContactVariable } from './set-contact-variable';

export const contactVariableMethods: ApiMethod[] = [getContactVariables, setContactVariable, deleteContactVariable];
