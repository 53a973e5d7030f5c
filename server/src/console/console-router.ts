/**
 * `/console`: the web console, a client of the admin API. Sign-in takes the admin token once (counted by the
 * admin token's throttle) and opens a session held in an HttpOnly, SameSite=Strict cookie scoped to `/console`;
 * the page then calls the admin routes at `/console/api/...`, mounted here in-process from the same declarations as
 * `/admin/v1`, with the session instead of the token. Every change must come from this origin and carry the session's
 * CSRF token. Nothing here exists when ADMIN_TOKEN is unset. See docs/console.md.
 */
import { timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { adminRoutes } from '../admin';
import { adminTokenMatcher } from '../admin/admin-auth';
import { mountAdminRoutes, type AdminDeps } from '../admin/route';
import type { Config } from '../config';
import type { AuthThrottle } from '../domain/access/admin-token-throttle';
import { ApiError, tooManyFailedAttempts, unauthorized } from '../http/errors';
import { clientAddress } from '../http/presented-key';
import { consoleAssets } from './assets';
import { appPage, CONSOLE_CSP, signInPage } from './pages';
import { ConsoleSessions, type ConsoleSession } from './sessions';

export interface ConsoleRouterDeps extends AdminDeps {
	config: Config;
	/** The admin token's throttle, shared with `/admin/v1`. */
	authThrottle: AuthThrottle;
	/** What stands before anything that reads the data: the database gate, the reset gate. */
	gates: readonly RequestHandler[];
	/** The clock of session idle times (tests). */
	now?: () => number;
}

export const SESSION_COOKIE = 'bp_console';
export const CSRF_HEADER = 'X-CSRF-Token';
/** Sent by the page's timed refreshes: they do not keep an idle session alive. */
export const POLL_HEADER = 'X-Console-Poll';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

function cookieOf(req: Request, name: string): string | undefined {
	for (const part of (req.get('cookie') ?? '').split(';')) {
		const at = part.indexOf('=');
		if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
	}
	return undefined;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function consoleRouter({ config, authThrottle, gates, now, ...deps }: ConsoleRouterDeps): Router {
	const router = Router();
	// Off with the admin API: every console path is then not found, as every admin path is.
	if (config.adminToken === undefined) return router;
	const matchesToken = adminTokenMatcher(config.adminToken);
	const sessions = new ConsoleSessions(deps.models, config.consoleIdleTimeoutMs, now);
	const base = config.publicUrl === undefined ? '' : new URL(config.publicUrl).pathname.replace(/\/+$/, '');
	const publicOrigin = config.publicUrl === undefined ? undefined : new URL(config.publicUrl).origin;
	const cookiePath = `${base}/console`;

	/** Sent from another origin: by its Origin header, or, without one, by the browser's Sec-Fetch-Site. */
	const crossSite = (req: Request) => {
		const origin = req.get('origin');
		if (origin !== undefined) return origin !== publicOrigin && origin !== `${req.protocol}://${req.get('host')}`;
		const site = req.get('sec-fetch-site');
		return site !== undefined && site !== 'same-origin' && site !== 'none';
	};

	const setCookie = (req: Request, res: Response, value: string, maxAge?: number) => {
		const attributes = [`Path=${cookiePath}`, 'HttpOnly', 'SameSite=Strict', ...(req.secure ? ['Secure'] : [])];
		if (maxAge !== undefined) attributes.push(`Max-Age=${maxAge}`);
		res.append('Set-Cookie', [`${SESSION_COOKIE}=${value}`, ...attributes].join('; '));
	};

	const page = (res: Response, status: number, html: string): void => void res.status(status).type('html').send(html);

	/**
	 * The session, or a refusal: 401 without one (a page is sent to sign in instead), 403 for a change sent from
	 * another origin or without the session's CSRF token.
	 */
	const withSession =
		(kind: 'page' | 'api'): RequestHandler =>
		async (req, res, next) => {
			const changes = !SAFE_METHODS.has(req.method);
			if (changes && crossSite(req)) throw new ApiError(403, { error: 'Cross-site request refused.' });
			const presented = cookieOf(req, SESSION_COOKIE);
			const session = await sessions.touch(presented, req.get(POLL_HEADER) === undefined);
			if (!session) {
				if (presented !== undefined) setCookie(req, res, '', 0);
				if (kind === 'page') return res.redirect(303, `${base}/console/sign-in`);
				throw unauthorized();
			}
			if (changes && !sameText(req.get(CSRF_HEADER) ?? '', session.csrfToken)) {
				throw new ApiError(403, { error: 'Missing or wrong CSRF token.' });
			}
			res.locals.consoleSession = session;
			next();
		};

	router.use((_req, res, next) => {
		res.set({
			'Content-Security-Policy': CONSOLE_CSP,
			'X-Content-Type-Options': 'nosniff',
			'X-Frame-Options': 'DENY',
			// Not no-referrer: with it, browsers send `Origin: null` on the page's own form posts, which the origin check refuses.
			'Referrer-Policy': 'same-origin',
			'Cache-Control': 'no-store',
		});
		next();
	});
	router.use('/assets', consoleAssets());
	router.use(...gates);

	router.get('/sign-in', (_req, res) => page(res, 200, signInPage(base)));
	router.post('/sign-in', express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 10 }), async (req, res) => {
		if (crossSite(req)) return page(res, 403, signInPage(base, 'Refused: the form was sent from another site.'));
		const body = req.body as Record<string, unknown> | undefined;
		const token = typeof body?.token === 'string' ? body.token : '';
		if (token === '') return page(res, 401, signInPage(base, 'Enter the admin token.'));
		const address = clientAddress(req);
		const admission = await authThrottle.check(address);
		if (!admission.ok) {
			res.set(tooManyFailedAttempts(admission.retryAfterSeconds).headers);
			return page(res, 429, signInPage(base, 'Too many wrong tokens from this address: try again in a minute.'));
		}
		if (!matchesToken(token)) {
			await authThrottle.recordFailure(address);
			return page(res, 401, signInPage(base, 'Wrong token.'));
		}
		const session = await sessions.create();
		setCookie(req, res, session.id);
		res.redirect(303, `${base}/console/`);
	});
	router.get('/', withSession('page'), (_req, res) => page(res, 200, appPage(base)));
	router.get('/session', withSession('api'), (_req, res) => {
		const session = res.locals.consoleSession as ConsoleSession;
		res.json({
			data: {
				csrf_token: session.csrfToken,
				idle_timeout_seconds: Math.round(config.consoleIdleTimeoutMs / 1000),
				test_double: deps.testDouble !== undefined,
			},
		});
	});
	router.post('/sign-out', withSession('api'), async (req, res) => {
		await sessions.end((res.locals.consoleSession as ConsoleSession).id);
		setCookie(req, res, '', 0);
		res.status(204).end();
	});
	router.use('/api', withSession('api'), mountAdminRoutes(adminRoutes, deps, 'console'));
	return router;
}
