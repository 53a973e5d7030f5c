import type { ApiMethod } from '../../http/api-method';
import { getMe } from './get-me';

export const meMethods: ApiMethod[] = [getMe];
