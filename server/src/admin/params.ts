/** Path parameters of the admin API; a malformed ID is simply not found. */
import { Types } from 'mongoose';
import { z } from 'zod';

/** A numeric ID (bots, contacts, contact accounts). */
export const integerIdParam = (what: string) =>
	z
		.string()
		.regex(/^\d{1,15}$/, { error: `${what} not found.` })
		.transform(Number)
		.meta({ description: `The ${what.toLowerCase()} ID.` });

/** An ObjectId as 24 hex digits (users, lists). */
export const objectIdParam = (what: string) =>
	z
		.string()
		.regex(/^[0-9a-f]{24}$/i, { error: `${what} not found.` })
		.transform((value) => new Types.ObjectId(value))
		.meta({ description: `The ${what.toLowerCase()} ID: 24 hexadecimal digits.` });
