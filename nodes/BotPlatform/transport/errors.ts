/**
 * Turns a failed call into a `NodeApiError` a no-code user can act on: a short message saying what is wrong
 * and what to check, and a description with the server's own text and every field error (spec §7).
 * Machine-readable parts (status, `code`, `errors`) stay on `error.context.botPlatform` for continueOnFail output.
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { ApiMethod, NotFoundSubject } from './methods';

export interface BotPlatformErrorDetails extends IDataObject {
	/** The method's name. */
	method: string;
	status: number | null;
	code: string | null;
	errors: Record<string, string[]> | null;
}

export interface FailedResponse {
	statusCode: number;
	body: unknown;
}

export interface RateLimitContext {
	waitedSeconds: number;
	retryAfterSeconds: number | undefined;
}

const NOT_FOUND: Record<Exclude<NotFoundSubject, 'none'>, { message: string; description: string }> = {
	account: {
		message: 'Contact account not found: check the Contact Account ID',
		description: 'No contact account with this ID exists in your bots, or its contact or bot was deleted.',
	},
	bot: {
		message: 'Bot not found: check the Bot ID',
		description: 'None of the bots of the API key’s user has this ID.',
	},
	contact: {
		message: 'Contact not found: check the Contact ID',
		description: 'No contact with this ID exists in your bots, or it (or its bot) was deleted.',
	},
	list: {
		message: 'List not found: check the List ID',
		description: 'The list does not exist or was deleted.',
	},
	item: {
		message: 'List item not found: check the Item ID',
		description: 'The item does not exist, was deleted, or its list was deleted.',
	},
	variable: {
		message: 'Contact variable not found: check the Name or Variable ID',
		description: 'The contact has no variable with this name or ID; Contact Variable → Get Many lists those it has.',
	},
};

/** Codes of §7.3 that deserve their own message. */
const CODE_MESSAGES: Record<string, { message: string; hint: string }> = {
	account_blocked: {
		message: 'The contact account is blocked',
		hint: 'A blocked contact account can be topped up but not debited. It is unblocked on the contact card in the dashboard.',
	},
	account_not_empty: {
		message: 'The contact account still has a balance',
		hint: 'Only an empty contact account can be deleted: withdraw its whole balance first.',
	},
	currency_exists: {
		message: 'The contact already has a contact account in this currency',
		hint: 'A contact has at most one contact account per currency. Use "Get Many" contact accounts to find its ID.',
	},
	insufficient_funds: {
		message: 'Insufficient funds on the contact account',
		hint: 'The balance is lower than the amount; nothing was withdrawn.',
	},
	method_removed: {
		message: 'The Bot Platform switched this method off',
		hint: 'Update the n8n-nodes-bot-platform package to a version that uses the current API.',
	},
	pro_required: {
		message: 'The user of this API key needs the Pro plan',
		hint: 'The Bot Platform API is available to users on the Pro plan only.',
	},
};

function asObject(body: unknown): IDataObject {
	return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as IDataObject) : {};
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** `{field: [texts]}` as the spec defines it; anything else is ignored. */
function fieldErrors(value: unknown): Record<string, string[]> | null {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
	const result: Record<string, string[]> = {};
	for (const [field, texts] of Object.entries(value)) {
		const list = (Array.isArray(texts) ? texts : [texts]).filter((t): t is string => typeof t === 'string');
		if (list.length > 0) result[field] = list;
	}
	return Object.keys(result).length > 0 ? result : null;
}

/** One line per failed field: `fields.0.slug: The slug has already been taken.` */
function fieldLines(errors: Record<string, string[]> | null): string[] {
	return errors ? Object.entries(errors).map(([field, texts]) => `${field}: ${texts.join(' ')}`) : [];
}

function joinSentences(parts: Array<string | undefined>): string | undefined {
	const kept = parts.filter((p): p is string => p !== undefined && p !== '');
	return kept.length > 0 ? kept.join('\n') : undefined;
}

function describe(
	status: number,
	method: ApiMethod,
	serverText: string | undefined,
	code: string | null,
	errors: Record<string, string[]> | null,
	rateLimit?: RateLimitContext,
) {
	const known = code ? CODE_MESSAGES[code] : undefined;
	if (known) return { message: known.message, hint: known.hint };
	switch (status) {
		case 401:
			return {
				message: 'Invalid API key: re-test the credential',
				hint: 'The key is missing, wrong or was regenerated. Regenerating the key or changing the password makes the old key stop working at once.',
			};
		case 402:
			return CODE_MESSAGES.pro_required;
		case 403:
			return {
				message: `Access denied${serverText ? `: ${serverText}` : ''}`,
				hint: 'The API key reaches only the projects, bots and contacts its user owns, not projects the user was invited to as a team member. A blocked user is also refused.',
			};
		case 404: {
			if (serverText === undefined || /unknown method|not found: (get|post)/i.test(serverText)) {
				return {
					message: `This server does not offer the "${method.name}" method`,
					hint: 'Check the Base URL in the credential, and that the server runs a Bot Platform version with this method.',
				};
			}
			// A 404 under `contact_id` is the contact, whatever else the method looks for (e.g. a variable of it).
			const subject = errors?.contact_id ? 'contact' : method.subject;
			if (subject !== 'none') return { message: NOT_FOUND[subject].message, hint: NOT_FOUND[subject].description };
			return { message: `Not found: ${serverText}`, hint: undefined };
		}
		case 410:
			return CODE_MESSAGES.method_removed;
		case 422:
			return { message: `Invalid input: ${serverText ?? 'the Bot Platform rejected the parameters'}`, hint: undefined };
		case 429: {
			const waited = rateLimit ? `Waited ${rateLimit.waitedSeconds} s in total` : undefined;
			const asked =
				rateLimit?.retryAfterSeconds !== undefined ? `the server asks to wait ${rateLimit.retryAfterSeconds} s more` : undefined;
			return {
				message: 'Rate limit reached: too many requests to the Bot Platform',
				hint: joinSentences([
					`The Bot Platform allows 120 requests per minute per user, all workflows combined.${waited ? ` ${waited}${asked ? `; ${asked}` : ''}.` : ''}`,
					'Run fewer items at once, or raise "Max Wait When Rate Limited" in the node options.',
				]),
			};
		}
		default:
			if (status >= 500) return { message: `The Bot Platform server failed (HTTP ${status})`, hint: 'Try again later.' };
			return { message: serverText ?? `The Bot Platform refused the request (HTTP ${status})`, hint: undefined };
	}
}

export function apiErrorFromResponse(
	node: INode,
	method: ApiMethod,
	response: FailedResponse,
	itemIndex: number | undefined,
	rateLimit?: RateLimitContext,
): NodeApiError {
	const body = asObject(response.body);
	const serverText = text(body.message) ?? text(body.error);
	const code = text(body.code) ?? null;
	const errors = fieldErrors(body.errors);
	const { message, hint } = describe(response.statusCode, method, serverText, code, errors, rateLimit);
	// Laravel's summary repeats the first field error ("X (and 1 more errors)"); the field lines already say it.
	const summarized =
		serverText !== undefined && Object.values(errors ?? {}).some((texts) => texts.some((t) => serverText.startsWith(t)));
	const description = joinSentences([
		serverText && !summarized && !message.includes(serverText) ? serverText : undefined,
		...fieldLines(errors),
		hint,
	]);
	const error = new NodeApiError(node, { ...body, method: method.name } as JsonObject, {
		message,
		description,
		httpCode: String(response.statusCode),
		itemIndex,
	});
	const details: BotPlatformErrorDetails = { method: method.name, status: response.statusCode, code, errors };
	error.context.botPlatform = details;
	return error;
}

/** Node's and axios's codes for a request that got no HTTP answer. */
export function networkErrorCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

const NETWORK_MESSAGES: Record<string, string> = {
	ECONNABORTED: 'The Bot Platform did not answer in time',
	ETIMEDOUT: 'The Bot Platform did not answer in time',
	ECONNRESET: 'The connection to the Bot Platform was lost',
	EPIPE: 'The connection to the Bot Platform was lost',
	ECONNREFUSED: 'The Bot Platform refused the connection: check the Base URL',
	ENOTFOUND: 'The Bot Platform host was not found: check the Base URL',
	EAI_AGAIN: 'The Bot Platform host could not be looked up: check the Base URL',
};

export function networkError(
	node: INode,
	method: ApiMethod,
	cause: unknown,
	code: string | undefined,
	itemIndex: number | undefined,
	attempts: number,
): NodeApiError {
	const message = (code && NETWORK_MESSAGES[code]) ?? 'The request to the Bot Platform failed';
	const causeText = cause instanceof Error ? cause.message : undefined;
	const outcome = method.repeatable
		? `Tried ${attempts} time${attempts === 1 ? '' : 's'}.`
		: 'The request may or may not have been carried out. It was not sent again, so that it cannot happen twice: check the result (for example the contact account’s balance) before running it again.';
	// A plain object, not the Error itself: n8n would otherwise swap the message for a generic one by `code`.
	const error = new NodeApiError(node, { message, networkCode: code ?? null, method: method.name } as JsonObject, {
		message,
		description: joinSentences([code ? `${code}${causeText ? `: ${causeText}` : ''}` : causeText, outcome]),
		itemIndex,
	});
	const details: BotPlatformErrorDetails = { method: method.name, status: null, code: code ?? null, errors: null };
	error.context.botPlatform = details;
	return error;
}
