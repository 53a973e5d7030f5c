/**
 * Calls `/api/v1/<method>` as an integration would: JSON by default, `Accept: application/json` (§4.1),
 * bearer key (§5). Options switch to GET with a query string, a form body, or other headers.
 */
import qs from 'qs';
import { http, type HttpResponse } from './http';

export interface CallOptions {
	verb?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
	/** How parameters travel: JSON body (default for POST), form body, or query string (default for GET). */
	as?: 'json' | 'form' | 'query';
	headers?: Record<string, string>;
	/** Omit the Authorization header (e.g. to send `api_token` instead). */
	noAuth?: boolean;
}

export class ApiClient {
	constructor(
		readonly baseUrl: string,
		readonly apiKey: string,
	) {}

	withKey(apiKey: string): ApiClient {
		return new ApiClient(this.baseUrl, apiKey);
	}

	/** The same key against another server instance. */
	onServer(baseUrl: string): ApiClient {
		return new ApiClient(baseUrl, this.apiKey);
	}

	async call<T = any>(method: string, params: Record<string, unknown> = {}, options: CallOptions = {}): Promise<HttpResponse<T>> {
		const verb = options.verb ?? 'POST';
		const as = options.as ?? (verb === 'GET' ? 'query' : 'json');
		const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
		if (!options.noAuth) headers.Authorization = `Bearer ${this.apiKey}`;
		let url = `${this.baseUrl}/api/v1/${method}`;
		let data: string | undefined;
		if (as === 'query') {
			const query = qs.stringify(params, { encodeValuesOnly: true });
			if (query) url += `?${query}`;
		} else if (as === 'form') {
			headers['Content-Type'] = 'application/x-www-form-urlencoded';
			data = qs.stringify(params, { encodeValuesOnly: true });
		} else {
			headers['Content-Type'] = 'application/json';
			data = JSON.stringify(params);
		}
		return http.request<T>({ url, method: verb, headers, data });
	}
}
