/**
 * A plain HTTP client for tests: never throws on a status, never follows redirects. Every answer of the API and
 * the admin API is checked against the OpenAPI document (`openapi-conformance.ts`): one that the reference does
 * not describe fails the call, and so the test that made it.
 */
import axios, { type AxiosResponse } from 'axios';
import { referenceMismatch } from './openapi-conformance';

export type HttpResponse<T = any> = Pick<AxiosResponse<T>, 'status' | 'data' | 'headers'>;

export const http = axios.create({
	validateStatus: () => true,
	maxRedirects: 0,
	// Keep the raw body for 204 checks; parse JSON ourselves so an empty body stays ''.
	transformResponse: [
		(raw: unknown) => {
			if (typeof raw !== 'string' || raw === '') return raw;
			try {
				return JSON.parse(raw);
			} catch {
				return raw;
			}
		},
	],
});

http.interceptors.response.use((response) => {
	const mismatch = referenceMismatch({
		verb: response.config.method ?? 'get',
		url: axios.getUri(response.config),
		status: response.status,
		headers: response.headers,
		body: response.data,
	});
	if (mismatch) throw new Error(`The answer does not match GET /openapi.json: ${mismatch}`);
	return response;
});
