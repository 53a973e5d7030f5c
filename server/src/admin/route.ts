/** Admin handlers return their answer; this adapter writes it (204 without a body). */
import type { Request, RequestHandler } from 'express';
import { ApiError } from '../http/errors';

export interface AdminResult {
	status: 200 | 201 | 204;
	body?: unknown;
}

export function adminRoute(handler: (req: Request) => Promise<AdminResult>): RequestHandler {
	return async (req, res) => {
		const result = await handler(req);
		if (result.status === 204) res.status(204).end();
		else res.status(result.status).json(result.body);
	};
}

/** The JSON body of an admin call: an object, or nothing. */
export function adminBody(req: Request): Record<string, unknown> {
	const body: unknown = req.body;
	if (body === undefined) return {};
	if (body === null || typeof body !== 'object' || Array.isArray(body)) {
		throw new ApiError(400, { message: 'The request body must be a JSON object.' });
	}
	return body as Record<string, unknown>;
}
