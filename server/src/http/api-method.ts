/** The shape of one API method (§4): its name, the verbs it accepts, and a thin handler. */
import type { Request } from 'express';
import type { Config } from '../config';
import type { Models } from '../models';
import type { AuthenticatedUser } from './auth';
import type { Lang } from './i18n';
import type { Params } from './request-params';

export type Verb = 'GET' | 'POST';

export const GET_AND_POST: readonly Verb[] = ['GET', 'POST'];
export const POST_ONLY: readonly Verb[] = ['POST'];

export interface MethodContext {
	/** Query string overlaid by the body, trimmed, empty strings as null. */
	params: Params;
	user: AuthenticatedUser;
	lang: Lang;
	models: Models;
	config: Config;
	/** Absolute URL of this method, without query string: `meta.path` and the base of pagination links. */
	methodUrl: string;
	req: Request;
}

/** 204 answers carry no body. */
export interface MethodResult {
	status: 200 | 201 | 204;
	body?: unknown;
}

export interface ApiMethod {
	name: string;
	/** Set on another name of a method (§9: `createContactAccount` is `addContactAccount`). */
	aliasOf?: string;
	verbs: readonly Verb[];
	handle(ctx: MethodContext): Promise<MethodResult>;
}

export const ok = (body: unknown): MethodResult => ({ status: 200, body });
export const created = (body: unknown): MethodResult => ({ status: 201, body });
export const noContent = (): MethodResult => ({ status: 204 });
