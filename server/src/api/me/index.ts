import type { ApiMethod } from '../api-method';
import { getMe } from './get-me';

export const meMethods: ApiMethod[] = [getMe];
