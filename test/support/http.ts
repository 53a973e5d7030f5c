/** A plain HTTP client for tests: never throws on a status, never follows redirects. */
import axios, { type AxiosResponse } from 'axios';

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
