/** Provisioning of accounts: create, change plan or blocked state, regenerate the API key (§5.4). */
import { Router } from 'express';
import { z } from 'zod';
import { isDuplicateKeyError } from '../database/duplicate-key';
import { generateApiKey, hashApiKey } from '../http/api-key';
import { ApiError, fieldError } from '../http/errors';
import { boolean, text, validate } from '../http/validation';
import type { Models } from '../models';
import { PLANS, type UserDoc } from '../models/user';
import { objectIdParam } from './params';
import { adminBody, adminRoute } from './route';

const createUserInput = z.object({
	name: text(),
	email: z.email().max(255),
	plan: z.enum(PLANS).default('pro'),
});

const updateUserInput = z.object({
	plan: z.enum(PLANS).optional(),
	blocked: boolean().optional(),
});

export function presentUser(user: UserDoc) {
	return { id: user._id.toHexString(), name: user.name, email: user.email, plan: user.plan, blocked: user.blocked };
}

export function usersAdmin(models: Models): Router {
	const router = Router();

	router.post(
		'/users',
		adminRoute(async (req) => {
			const input = validate(createUserInput, adminBody(req), 'en');
			const apiKey = generateApiKey();
			try {
				const user = await models.users.create({ ...input, apiKeyHash: hashApiKey(apiKey) });
				return { status: 201, body: { data: { ...presentUser(user.toObject()), api_key: apiKey } } };
			} catch (error) {
				if (isDuplicateKeyError(error)) throw fieldError('en', 'email', 'The email has already been taken.');
				throw error;
			}
		}),
	);

	router.patch(
		'/users/:id',
		adminRoute(async (req) => {
			const id = objectIdParam(req.params.id as string, 'User');
			const changes = validate(updateUserInput, adminBody(req), 'en');
			const user = await models.users.findByIdAndUpdate(id, { $set: changes }, { returnDocument: 'after' }).lean<UserDoc>();
			if (!user) throw new ApiError(404, { error: 'User not found.' });
			return { status: 200, body: { data: presentUser(user) } };
		}),
	);

	router.post(
		'/users/:id/api-key',
		adminRoute(async (req) => {
			const id = objectIdParam(req.params.id as string, 'User');
			const apiKey = generateApiKey();
			// Replacing the only stored hash is what makes the old key fail at once (§5.4).
			const user = await models.users.findByIdAndUpdate(id, { $set: { apiKeyHash: hashApiKey(apiKey) } }).lean();
			if (!user) throw new ApiError(404, { error: 'User not found.' });
			return { status: 200, body: { data: { api_key: apiKey } } };
		}),
	);

	return router;
}
