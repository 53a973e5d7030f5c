/**
 * `/api/v1/<method>`: finds the method, applies its deprecation (§9), lets the interceptor (the test double's
 * faults) answer when one is set, checks the verb, reads the body, authenticates (§5) and counts the call against the account's rate limit
 * (§8) in the same database command, validates the parameters, then runs the handler. Everything before the key
 * lookup is done without the database, so a flood without a valid key costs little.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config';
import type { Models } from '../models';
import { usersCollection } from '../models/user';
import type { ApiMethod, MethodContext } from './api-method';
import { authenticate } from './auth';
import { createApiKeyThrottle } from './api-key-throttle';
import { readBody } from './body-parsers';
import { noteAccount, noteApiMethod } from '../observability/request-labels';
import { ApiError } from './errors';
import { onLaravelSurface } from './error-handler';
import { requestLanguage } from './language';
import { toJsonText } from './ordered-json';
import { publicBase } from './public-url';
import type { RateLimiter } from './rate-limit';
import { requestParams } from './request-params';
import { validate } from '../contract/kit/validation';
import { writeJson } from './write-json';
import type { Deprecations } from './versioning';

export interface ApiRouterDeps {
	config: Config;
	models: Models;
	limiter: RateLimiter;
	deprecations: Deprecations;
	methods: readonly ApiMethod[];
	/**
	 * Called once the method is known, before the body is read or any data touched (the test double's faults):
	 * true when it has answered the call itself.
	 */
	interceptor?: (method: string, req: Request, res: Response) => Promise<boolean>;
}

/** A path segment as Express decodes a route parameter: a malformed %-escape is the client's mistake (400). */
function decodeSegment(segment: string): string {
	if (!segment.includes('%')) return segment;
	try {
		return decodeURIComponent(segment);
	} catch {
		throw Object.assign(new URIError(`Failed to decode param '${segment}'`), { status: 400 });
	}
}

/**
 * The method a path below `/api/v1` names, as Express's route `/:method` matched it: one segment, with or without a
 * trailing slash, decoded; undefined for any other path (left to the 404 of everything else).
 */
export function methodNameOf(path: string): string | undefined {
	const end = path.length > 1 && path.endsWith('/') ? path.length - 1 : path.length;
	if (end < 2 || path[0] !== '/') return undefined;
	const segment = path.slice(1, end);
	return segment.includes('/') ? undefined : decodeSegment(segment);
}

/**
 * One handler rather than a router of its own: every layer of Express's router costs each call its matching and
 * dispatch, and this path has a single route.
 */
export function apiRouter({ config, models, limiter, deprecations, methods, interceptor }: ApiRouterDeps): RequestHandler {
	const byName = new Map(methods.map((method) => [method.name, method]));
	const users = usersCollection(models.users);
	const authThrottle = createApiKeyThrottle({
		failuresPerMinute: config.authFailuresPerMinute,
		async keysExist(keyHashes) {
			const found = await users.find({ apiKeyHash: { $in: keyHashes } }, { projection: { _id: 0, apiKeyHash: 1 } }).toArray();
			return new Set(found.map((user) => user.apiKeyHash));
		},
	});
	const readBodyOf = readBody();

	/**
	 * Settles what the path and verb decide, before the body is read: every answer of a deprecated method says so.
	 * Undefined when an injected fault has answered instead.
	 */
	const resolveMethod = async (name: string, req: Request, res: Response): Promise<ApiMethod | undefined> => {
		onLaravelSurface(res);
		const method = byName.get(name);
		if (!method) throw new ApiError(404, { error: `Unknown method ${name}.` });
		noteApiMethod(res, method.name);
		deprecations.apply(method.name, res);
		// Before the body is read and anything reads or writes data, so an injected answer changes nothing.
		if (interceptor && (await interceptor(method.name, req, res))) return undefined;
		if (!method.verbs.includes(req.method as 'GET')) {
			throw new ApiError(
				405,
				{ error: `The ${req.method} method is not supported for ${method.name}. Supported: ${method.verbs.join(', ')}.` },
				{ Allow: method.verbs.join(', ') },
			);
		}
		return method;
	};

	const run = async (method: ApiMethod, req: Request, res: Response) => {
		const params = requestParams(req);
		const now = new Date();
		const user = await authenticate(req, params, users, authThrottle, now);
		noteAccount(res, user._id.toHexString());
		limiter.admit(user.rateWindow, res, now);
		const lang = requestLanguage(req);
		const input = validate(method.input, params, lang);
		const context: MethodContext = {
			user,
			lang,
			models,
			config,
			// Only the methods that page need it, and it reads the proxy headers.
			get methodUrl() {
				return `${publicBase(req, config)}/api/v1/${method.name}`;
			},
			req,
		};
		const result = await method.handle(context, input);
		if (result.status === 204) res.status(204).end();
		else writeJson(res, result.status, toJsonText(result.body));
	};

	return (req, res, next) => {
		const name = methodNameOf(req.path);
		if (name === undefined) return next();
		resolveMethod(name, req, res).then((method) => {
			if (!method) return;
			readBodyOf(req, res, (error?: unknown) => {
				if (error) return next(error);
				run(method, req, res).catch(next);
			});
		}, next);
	};
}
