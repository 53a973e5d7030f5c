/** Provisioning of users: create, change plan or blocked state, regenerate the API key (§5.4). */
import { z } from 'zod';
import { isDuplicateKeyError } from '../database/duplicate-key';
import { dataOf, errorBody, validationBody } from '../http/answers';
import { generateApiKey, hashApiKey } from '../domain/access/api-keys';
import { ApiError, fieldError } from '../http/errors';
import { boolean, text } from '../contract/kit/validation';
import { PLANS, type UserDoc } from '../models/user';
import { containing, pageFrom, pageOf, pageQuery, readPage, searchParam } from './paging';
import { objectIdParam } from './params';
import { adminRoute } from './route';

const createUserInput = z.object({
	name: text(),
	email: z.email().max(255),
	plan: z.enum(PLANS).default('pro'),
});

const updateUserInput = z.object({
	plan: z.enum(PLANS).optional(),
	blocked: boolean().optional().meta({ description: 'A blocked user gets 403 on every API call.' }),
});

export function presentUser(user: UserDoc) {
	return { id: user._id.toHexString(), name: user.name, email: user.email, plan: user.plan, blocked: user.blocked };
}

const userJson = z
	.object({ id: z.string(), name: z.string(), email: z.string(), plan: z.enum(PLANS), blocked: z.boolean() })
	.meta({ id: 'AdminUser' });

const apiKeyJson = z.string().meta({ description: 'The API key, shown only here: the server keeps only its hash.' });

const userNotFound = { status: 404, when: 'No such user.', body: errorBody };

const userPath = { id: objectIdParam('User') };

export const userRoutes = [
	adminRoute({
		name: 'getUsers',
		verb: 'get',
		path: '/users',
		summary: 'The users, newest first, a page at a time; `search` finds a part of a name or e-mail.',
		query: pageQuery.extend({ search: searchParam() }),
		success: [{ status: 200, when: 'A page of users.', body: pageOf(userJson) }],
		refusals: [],
		async handle({ deps: { models }, query }) {
			const page = pageFrom(query);
			const filter = query.search ? { $or: [{ name: containing(query.search) }, { email: containing(query.search) }] } : {};
			const [users, total] = await readPage<UserDoc>(models.users, filter, page, {
				projection: { apiKeyHash: 0, rateWindow: 0 },
			});
			return { status: 200, body: page.envelope(users.map(presentUser), total) };
		},
	}),
	adminRoute({
		name: 'createUser',
		verb: 'post',
		path: '/users',
		summary: 'Creates a user with its API key.',
		body: createUserInput,
		example: { name: 'Ann', email: 'ann@example.com', plan: 'pro' },
		success: [{ status: 201, when: 'The user and its key.', body: dataOf(userJson.extend({ api_key: apiKeyJson })) }],
		refusals: [{ status: 422, when: 'The email is already taken.', body: validationBody }],
		async handle({ deps: { models }, body: input }) {
			const apiKey = generateApiKey();
			try {
				const user = await models.users.create({ ...input, apiKeyHash: hashApiKey(apiKey) });
				return { status: 201, body: { data: { ...presentUser(user.toObject()), api_key: apiKey } } };
			} catch (error) {
				if (isDuplicateKeyError(error)) throw fieldError('en', 'email', 'The email has already been taken.');
				throw error;
			}
		},
	}),
	adminRoute({
		name: 'updateUser',
		verb: 'patch',
		path: '/users/:id',
		summary: "Changes a user's plan or blocked state.",
		params: userPath,
		body: updateUserInput,
		example: { plan: 'free' },
		success: [{ status: 200, when: 'The user as changed.', body: dataOf(userJson) }],
		refusals: [userNotFound],
		async handle({ deps: { models }, params: { id }, body: changes }) {
			const user = await models.users.findByIdAndUpdate(id, { $set: changes }, { returnDocument: 'after' }).lean<UserDoc>();
			if (!user) throw new ApiError(404, { error: 'User not found.' });
			return { status: 200, body: { data: presentUser(user) } };
		},
	}),
	adminRoute({
		name: 'regenerateApiKey',
		verb: 'post',
		path: '/users/:id/api-key',
		summary: 'Regenerates the API key: the old one stops working at once (§5.4).',
		params: userPath,
		success: [{ status: 200, when: 'The new key.', body: dataOf(z.object({ api_key: apiKeyJson })) }],
		refusals: [userNotFound],
		async handle({ deps: { models }, params: { id } }) {
			const apiKey = generateApiKey();
			// Replacing the only stored hash is what makes the old key fail at once (§5.4).
			const user = await models.users.findByIdAndUpdate(id, { $set: { apiKeyHash: hashApiKey(apiKey) } }).lean();
			if (!user) throw new ApiError(404, { error: 'User not found.' });
			return { status: 200, body: { data: { api_key: apiKey } } };
		},
	}),
];
