/**
 * The shape of one API method (§4): its name, the verbs it accepts, its parameters, the answers it gives, and a
 * thin handler. The parameters are validated with `input` before `handle` runs (`call-steps.ts`), and `GET /openapi.json`
 * describes the method from the same declaration, so a method cannot be added without being described.
 */
import type { Request } from 'express';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Models } from '../models';
import type { AuthenticatedUser } from '../domain/access/authenticate';
import type { Answer } from '../http/answers';
import type { Lang } from '../http/language';

export type Verb = 'GET' | 'POST';

export const GET_AND_POST: readonly Verb[] = ['GET', 'POST'];
export const POST_ONLY: readonly Verb[] = ['POST'];

export interface MethodContext {
	user: AuthenticatedUser;
	lang: Lang;
	models: Models;
	config: Config;
	/** Absolute URL of this method, without query string: `meta.path` and the base of pagination links. */
	methodUrl: string;
	req: Request;
}

/** The database commands of one successful call, as the driver's command monitoring counts them. */
export interface CommandCount {
	/** What the call sends now, exactly: the method's test file holds it (`countsCommands`), `npm run bench` prints it. */
	count: number;
	/** The most it may send (the performance issue's budget). */
	budget: number;
	/** Why the call may send more than its budget, a reason worth the cost; the test then expects it over. */
	overBudget?: string;
}

/** A count for the method, or one for each case when its calls take paths that differ (`getContacts`' two modes). */
export type MethodCommandCounts = CommandCount | { readonly cases: Readonly<Record<string, CommandCount>> };

/** 204 answers carry no body. */
export interface MethodResult {
	status: 200 | 201 | 204;
	body?: unknown;
}

export interface ApiMethod<Input extends z.ZodType = z.ZodType> {
	name: string;
	/** Set on another name of a method (§9: `createContactAccount` is `addContactAccount`). */
	aliasOf?: string;
	verbs: readonly Verb[];
	/** One line for the API reference. */
	summary: string;
	/** Where the spec defines the method, e.g. `§4.4`. */
	section: string;
	/** The parameters (query string overlaid by the body, trimmed, empty strings as null). */
	input: Input;
	/**
	 * Parameters that `input` accepts, shown in the API reference and filled in by `/docs` "Try it out" (a test holds
	 * each to `input`): what a client would send, not what a schema-driven generator would make up.
	 */
	example: Record<string, unknown>;
	/** What success answers. */
	success: readonly Answer[];
	/** The method's own refusals; those of authentication, limits and validation apply to every method. */
	refusals: readonly Answer[];
	/**
	 * Its database commands per successful call and their budget, for each case that its test file counts
	 * (`countsCommands`, `server/test/support/commands-per-call.ts`).
	 */
	commands: MethodCommandCounts;
	handle(ctx: MethodContext, input: z.output<Input>): Promise<MethodResult>;
}

/** Declares a method, typing `handle`'s input from `input`. */
export function apiMethod<Input extends z.ZodType>(method: ApiMethod<Input>): ApiMethod {
	return method;
}

/** A method's command counts by case; a method of one case has the case ''. */
export function commandCases(method: ApiMethod): [caseName: string, counts: CommandCount][] {
	return 'cases' in method.commands ? Object.entries(method.commands.cases) : [['', method.commands]];
}

export const ok = (body: unknown): MethodResult => ({ status: 200, body });
export const created = (body: unknown): MethodResult => ({ status: 201, body });
export const noContent = (): MethodResult => ({ status: 204 });
