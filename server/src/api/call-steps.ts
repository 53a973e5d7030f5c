/**
 * The steps of an API call between its transport (`http/api-router.ts`) and its handler, each taken once. When the
 * method is known: its deprecation (§9) and the test double's interceptor. Once the body is read: the key, counted in
 * the user's rate window in the same database command (§5, §8), the rate limit, the parameters (§7.1), then the
 * handler. The rules are the domain's (`domain/access/`); `access.ts` gives their refusals the spec's answers.
 */
import type { Request, Response } from 'express';
import type { Config } from '../config';
import { createAuthenticator } from '../domain/access/authenticate';
import type { Deprecations } from '../domain/access/deprecations';
import { checkRate } from '../domain/access/rate-limit';
import type { CountedUser } from '../domain/access/rate-window';
import { validate } from '../contract/kit/validation';
import type { ApiRouterDeps } from '../http/api-router';
import { requestLanguage } from '../http/language';
import { clientAddress, presentedKey } from '../http/presented-key';
import { publicBase } from '../http/public-url';
import { requestParams, type Params } from '../http/request-params';
import type { Models } from '../models';
import { noteAccount } from '../observability/request-labels';
import { accessRefused, answerDeprecation, answerRate } from './access';
import type { ApiMethod, MethodContext } from './api-method';

export interface CallStepsDeps {
	config: Config;
	models: Models;
	deprecations: Deprecations;
	/**
	 * Called once the method is known, before the body is read or any data touched (the test double's faults):
	 * true when it has answered the call itself.
	 */
	interceptor?: (method: string, req: Request, res: Response) => Promise<boolean>;
	/** Told of every call the rate limit refuses, for metrics. */
	onRateLimited?: () => void;
}

export function callSteps({
	config,
	models,
	deprecations,
	interceptor,
	onRateLimited,
}: CallStepsDeps): Pick<ApiRouterDeps<ApiMethod>, 'arrive' | 'serve'> {
	const authenticator = createAuthenticator(models, { failuresPerMinute: config.authFailuresPerMinute });

	/** The user the call's key belongs to, its call counted and within the limit. */
	const admitCaller = async (req: Request, res: Response, params: Params, now: Date): Promise<CountedUser> => {
		const authentication = await authenticator.authenticate(presentedKey(req, params), clientAddress(req), now);
		if (!authentication.ok) throw accessRefused(authentication);
		const { user } = authentication;
		noteAccount(res, user._id.toHexString());
		const rate = checkRate(user.rateWindow, config.rateLimitPerMinute, now);
		if (!rate.ok) onRateLimited?.();
		answerRate(rate, res);
		return user;
	};

	return {
		async arrive(method, req, res) {
			answerDeprecation(deprecations.statusOf(method.name), res);
			// Before the body is read and anything reads or writes data, so an injected answer changes nothing.
			return interceptor ? interceptor(method.name, req, res) : false;
		},
		async serve(method, req, res) {
			const params = requestParams(req);
			const now = new Date();
			const user = await admitCaller(req, res, params, now);
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
			return method.handle(context, input);
		},
	};
}
