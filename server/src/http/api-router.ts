/**
 * `/api/v1/<method>`, the transport of an API call: finds the method by name (404), lets `arrive` act before the
 * verb is checked or the body read, checks the verb (405), reads the body, then writes what `serve` answers as JSON.
 * What happens between (deprecation, the test double's interceptor, the key, the rate limit, validation, the
 * handler) is the API's own (`api/call-steps.ts`). Nothing here reads the database, so a flood without a valid key
 * costs little before the key lookup.
 *
 * This is the platform's Laravel-compatible surface: a validation failure leaving it is marked so
 * (`ValidationError.redirectsUnlessJson`), and the error handler answers it as Laravel would (§4.1).
 */
import type { Request, RequestHandler, Response } from 'express';
import { noteApiMethod } from '../observability/request-labels';
import { readBody } from './body-parsers';
import { ApiError, ValidationError } from './errors';
import { toJsonBody } from './ordered-json';
import { writeJson } from './write-json';

export interface RoutedMethod {
	name: string;
	verbs: readonly string[];
}

/** 204 answers carry no body. */
export interface CallResult {
	status: 200 | 201 | 204;
	body?: unknown;
}

export interface ApiRouterDeps<M extends RoutedMethod> {
	methods: readonly M[];
	/**
	 * Once the method is known, before its verb is checked or its body read, and before anything touches data: true
	 * when it has answered the call itself.
	 */
	arrive(method: M, req: Request, res: Response): Promise<boolean>;
	/** Once the body is read: the call's answer. */
	serve(method: M, req: Request, res: Response): Promise<CallResult>;
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

/** Marks a validation failure as this surface's, for the error handler. */
const onLaravelSurface = (error: unknown) => {
	if (error instanceof ValidationError) error.redirectsUnlessJson = true;
	return error;
};

/**
 * One handler rather than a router of its own: every layer of Express's router costs each call its matching and
 * dispatch, and this path has a single route.
 */
export function apiRouter<M extends RoutedMethod>({ methods, arrive, serve }: ApiRouterDeps<M>): RequestHandler {
	const byName = new Map(methods.map((method) => [method.name, method]));
	const readBodyOf = readBody();

	/** Settles what the path and verb decide; undefined when `arrive` has answered instead. */
	const resolveMethod = async (name: string, req: Request, res: Response): Promise<M | undefined> => {
		const method = byName.get(name);
		if (!method) throw new ApiError(404, { error: `Unknown method ${name}.` });
		noteApiMethod(res, method.name);
		if (await arrive(method, req, res)) return undefined;
		if (!method.verbs.includes(req.method)) {
			throw new ApiError(
				405,
				{ error: `The ${req.method} method is not supported for ${method.name}. Supported: ${method.verbs.join(', ')}.` },
				{ Allow: method.verbs.join(', ') },
			);
		}
		return method;
	};

	const run = async (method: M, req: Request, res: Response) => {
		const result = await serve(method, req, res);
		if (result.status === 204) res.status(204).end();
		else writeJson(res, result.status, toJsonBody(result.body));
	};

	return (req, res, next) => {
		const name = methodNameOf(req.path);
		if (name === undefined) return next();
		const fail = (error: unknown) => next(onLaravelSurface(error));
		resolveMethod(name, req, res).then((method) => {
			if (!method) return;
			readBodyOf(req, res, (error?: unknown) => {
				if (error) return fail(error);
				run(method, req, res).catch(fail);
			});
		}, fail);
	};
}
