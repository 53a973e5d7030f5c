/** Every method of `/api/v1`, by area. */
import type { ApiMethod } from '../http/api-method';
import { contactAccountMethods } from './contact-accounts';
import { contactMethods } from './contacts';
import { listMethods } from './lists';
import { meMethods } from './me';

export const apiMethods: ApiMethod[] = [...meMethods, ...listMethods, ...contactAccountMethods, ...contactMethods];
