/** The contacts area (§4.14–4.16). */
import type { ApiMethod } from '../api-method';
import { createOrUpdateContactMethod } from './create-or-update-contact';
import { getContacts } from './get-contacts';
import { getNumberOfContacts } from './get-number-of-contacts';

export const contactMethods: ApiMethod[] = [getContacts, getNumberOfContacts, createOrUpdateContactMethod];
