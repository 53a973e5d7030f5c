/**
 * The one place that talks HTTP to the Bot Platform. Every call:
 * - goes to `{base URL}/api/v1/<method>` as a JSON POST (reads accept POST too, spec §4.1), with
 *   `Accept: application/json` so validation errors arrive as JSON 422 and not as a redirect;
 * - is authenticated by n8n from the credential (`httpRequestWithAuthentication`);
 * - waits and retries on 429 as `Retry-After` says, within a total wait budget;
 * - retries network resets, timeouts and 502/503/504 only for repeatable methods: a write such as a funds
 *   operation is never sent twice after an answer that leaves its outcome unknown.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { methodUrl } from './base-url';
import { CREDENTIAL_TYPE, type BotPlatformCredentials } from './credential';
import { apiErrorFromResponse, networkError, networkErrorCode } from './errors';
import type { ApiMethod } from './methods';
import { parseRetryAfter } from './retry-after';

export type BotPlatformContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** Default bound for all waits of one call, in seconds. */
export const DEFAULT_MAX_WAIT_SECONDS = 60;

const REQUEST_TIMEOUT_MS = 60_000;
const MAX_TRANSIENT_RETRIES = 3;
const TRANSIENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EAI_AGAIN']);
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

export interface ApiCallOptions {
	/** The input item the call is made for; errors carry it. */
	itemIndex?: number;
	/** Upper bound, in seconds, for all waits of this call (rate limit and retries). */
	maxWaitSeconds?: number;
}

export interface ApiResult<T> {
	status: number;
	body: T;
	headers: IDataObject;
}

function header(headers: IDataObject | undefined, name: string): unknown {
	if (!headers) return undefined;
	const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
	return key === undefined ? undefined : headers[key];
}

/** 1 s, 2 s, 4 s … capped at 8 s, plus a little jitter so parallel executions do not retry in step. */
function backoffSeconds(retry: number): number {
	return Math.min(8, 2 ** retry) + Math.round(Math.random() * 250) / 1000;
}

async function pause(context: BotPlatformContext, seconds: number): Promise<void> {
	const signal = 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
	await sleep(seconds * 1000, signal);
}

export async function apiRequest<T = IDataObject>(
	this: BotPlatformContext,
	method: ApiMethod,
	params: IDataObject = {},
	options: ApiCallOptions = {},
): Promise<ApiResult<T>> {
	const node = this.getNode();
	const { repeatable } = method;
	const maxWait = options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS;
	const credentials = await this.getCredentials<BotPlatformCredentials>(CREDENTIAL_TYPE);
	const url = methodUrl(String(credentials.baseUrl ?? ''), method.name);

	let waited = 0;
	let transientRetries = 0;
	let attempts = 0;
	for (;;) {
		attempts++;
		// A fresh object per attempt: n8n adds the auth header to the options it is given.
		const request: IHttpRequestOptions = {
			method: 'POST',
			url,
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
			body: params,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: REQUEST_TIMEOUT_MS,
			skipSslCertificateValidation: credentials.ignoreSslIssues === true,
		};

		let response: IN8nHttpFullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request)) as IN8nHttpFullResponse;
		} catch (error) {
			if (error instanceof NodeOperationError) throw new NodeOperationError(node, error, { itemIndex: options.itemIndex });
			const code = networkErrorCode(error);
			const delay = backoffSeconds(transientRetries);
			if (
				repeatable &&
				code !== undefined &&
				TRANSIENT_CODES.has(code) &&
				transientRetries < MAX_TRANSIENT_RETRIES &&
				waited + delay <= maxWait
			) {
				transientRetries++;
				waited += delay;
				await pause(this, delay);
				continue;
			}
			throw networkError(node, method, error, code, options.itemIndex, attempts);
		}

		const status = response.statusCode;
		if (status < 400) {
			if (header(response.headers, 'deprecation') === 'true') {
				this.logger.warn(
					`Bot Platform method ${method.name} is deprecated; it stops working on ${String(header(response.headers, 'sunset'))}`,
				);
			}
			return { status, body: response.body as T, headers: response.headers };
		}

		if (status === 429) {
			// The server refuses over-limit calls before doing anything, so even writes are safe to resend.
			const retryAfter = parseRetryAfter(header(response.headers, 'retry-after'), Date.now());
			const delay = Math.max(1, retryAfter ?? backoffSeconds(attempts - 1));
			if (waited + delay <= maxWait) {
				waited += delay;
				await pause(this, delay);
				continue;
			}
			throw apiErrorFromResponse(node, method, response, options.itemIndex, {
				waitedSeconds: Math.round(waited),
				retryAfterSeconds: retryAfter,
			});
		}

		if (repeatable && TRANSIENT_STATUSES.has(status) && transientRetries < MAX_TRANSIENT_RETRIES) {
			const delay = backoffSeconds(transientRetries);
			if (waited + delay <= maxWait) {
				transientRetries++;
				waited += delay;
				await pause(this, delay);
				continue;
			}
		}

		throw apiErrorFromResponse(node, method, response, options.itemIndex);
	}
}

/** The `data` member of a success body (spec §4.1). */
export function dataOf<T = IDataObject>(body: unknown): T {
	return (body as { data: T }).data;
}
