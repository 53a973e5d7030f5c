/**
 * A 404 that names the parameter it is about, `{message, errors: {<field>: [message]}}`: §4.16's unknown bot, and the
 * missing contact, bot or variable of §14.5 and §14.8.
 */
import { z } from 'zod';
import { ApiError } from '../http/errors';

export const notFoundUnder = (field: string, message: string) => new ApiError(404, { message, errors: { [field]: [message] } });

export const notFoundUnderBody = (field: string) =>
	z.object({ message: z.string(), errors: z.object({ [field]: z.array(z.string()).length(1) }) });
