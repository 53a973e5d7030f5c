/** Path parameters of the admin API; a malformed ID is simply not found. */
import { isValidObjectId, Types } from 'mongoose';
import { ApiError } from '../http/errors';

export function objectIdParam(value: string, what: string): Types.ObjectId {
	if (!isValidObjectId(value) || !/^[0-9a-f]{24}$/i.test(value)) throw new ApiError(404, { error: `${what} not found.` });
	return new Types.ObjectId(value);
}

export function integerParam(value: string, what: string): number {
	if (!/^\d{1,15}$/.test(value)) throw new ApiError(404, { error: `${what} not found.` });
	return Number(value);
}
