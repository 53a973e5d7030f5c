/**
 * An admin route as data: its verb and path, its path parameters and JSON body as zod schemas, the answers it
 * gives, and a handler that returns its answer. `mountAdminRoutes` validates the parameters and the body with
 * those schemas before the handler runs, and `GET /openapi.json` describes the route from the same declaration.
 */
import { Router, type Request } from 'express';
import type { z } from 'zod';
import type { Answer } from '../http/answers';
import { readBody } from '../http/body-parsers';
import { ApiError } from '../http/errors';
import { normalize } from '../http/request-params';
import { validate } from '../contract/kit/validation';
import type { Deprecations } from '../domain/access/deprecations';
import type { TestDouble } from '../test-double/test-double';
import type { Models } from '../models';
import type { TrafficHistory } from '../observability/traffic';
import { recordChange, type AuditSource } from './audit-trail';

export type AdminVerb = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface AdminDeps {
	models: Models;
	/** The API's method names, which deprecations refer to. */
	methodNames: ReadonlySet<string>;
	/** The deprecations in force, reloaded at once after a change through the admin API. */
	deprecations: Deprecations;
	/** Faults, request log and reset, when the test double is on. */
	testDouble?: TestDouble;
	/** The server itself, for the overview. */
	server: ServerFacts;
}

export interface ServerFacts {
	healthy(): Promise<boolean>;
	database: 'embedded' | 'mongodb';
	version: string | undefined;
	startedAt: Date;
	traffic: TrafficHistory;
}

export interface AdminResult {
	status: 200 | 201 | 204;
	body?: unknown;
	/** A file to download instead of a JSON body. */
	file?: { contentType: string; name: string; text: string };
}

type Shape = Record<string, z.ZodType<unknown, string>>;

export interface AdminRoute<
	Params extends Shape = Shape,
	Body extends z.ZodType = z.ZodType,
	Query extends z.ZodType = z.ZodType,
> {
	/** Unique among admin routes: names the operation in the API reference. */
	name: string;
	verb: AdminVerb;
	/** Express syntax: `/bots/:id`. */
	path: string;
	/**
	 * The path the route had before it was renamed: still served by the same handler, and documented as deprecated,
	 * so that clients of the old path keep working. The audit trail names the route by `name` and `path` either way.
	 */
	formerPath?: string;
	summary: string;
	/** Path parameters. One that does not match is not found: 404 with the schema's message as `error`. */
	params?: Params;
	body?: Body;
	/** A body that `body` accepts, for the API reference and `/docs` "Try it out" (a test holds it to `body`). */
	example?: Record<string, unknown>;
	/** Query parameters, as an object schema; invalid ones are a 422 like a body's. */
	query?: Query;
	success: readonly Answer[];
	/** The route's own refusals; those of the admin token and of validation apply to every route. */
	refusals: readonly Answer[];
	handle(ctx: {
		deps: AdminDeps;
		params: { [K in keyof Params]: z.output<Params[K]> };
		body: z.output<Body>;
		query: z.output<Query>;
		req: Request;
	}): Promise<AdminResult>;
}

/** Declares a route, typing the handler's parameters and body from the schemas. */
export function adminRoute<
	Params extends Shape = Record<never, never>,
	Body extends z.ZodType = z.ZodUndefined,
	Query extends z.ZodType = z.ZodUndefined,
>(route: AdminRoute<Params, Body, Query>): AdminRoute {
	return route as unknown as AdminRoute;
}

/**
 * The body of an admin call: an object, or nothing. Read as the API reads parameters (trimmed, an empty string
 * is null), so that an empty name is "required" here too, never a value the models would refuse.
 */
export function adminBody(req: Request): Record<string, unknown> {
	const body: unknown = req.body;
	if (body === undefined) return {};
	if (body === null || typeof body !== 'object' || Array.isArray(body)) {
		throw new ApiError(400, { message: 'The request body must be a JSON object.' });
	}
	return normalize(body) as Record<string, unknown>;
}

function pathParams(route: AdminRoute, req: Request): Record<string, unknown> {
	const params: Record<string, unknown> = {};
	for (const [name, schema] of Object.entries(route.params ?? {})) {
		const parsed = schema.safeParse(req.params[name]);
		if (!parsed.success) throw new ApiError(404, { error: parsed.error.issues[0].message });
		params[name] = parsed.data;
	}
	return params;
}

/**
 * Mounts the routes; `source` says who calls them (the bearer token's holders, or the console's sessions), which
 * the audit trail records with every change.
 */
export function mountAdminRoutes(routes: readonly AdminRoute[], deps: AdminDeps, source: AuditSource = 'api'): Router {
	const router = Router();
	for (const route of routes) {
		// Only a route that takes a body reads one, and only for a caller holding the token (admin-auth.ts runs first).
		const paths = route.formerPath === undefined ? [route.path] : [route.path, route.formerPath];
		router[route.verb](paths, ...(route.body ? [readBody()] : []), async (req, res) => {
			const params = pathParams(route, req);
			const body = route.body ? validate(route.body, adminBody(req), 'en') : undefined;
			const query = route.query ? validate(route.query, req.query, 'en') : undefined;
			const result = await route.handle({ deps, params, body, query, req });
			// Here, once, for every route: a change is recorded when it succeeded, before it is answered.
			if (route.verb !== 'get') await recordChange(deps.models, route, req, result, source);
			if (result.file) {
				const { contentType, name, text } = result.file;
				res.status(result.status).attachment(name).type(contentType).send(text);
			} else if (result.status === 204) res.status(204).end();
			else res.status(result.status).json(result.body);
		});
	}
	return router;
}
