/** The admin API (`/admin/v1`) as tests and factories use it. */
import { http, type HttpResponse } from './http';

export class AdminClient {
	constructor(
		readonly baseUrl: string,
		readonly token: string,
	) {}

	request<T = any>(
		verb: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
		path: string,
		body?: unknown,
		token = this.token,
	): Promise<HttpResponse<T>> {
		return http.request<T>({
			url: `${this.baseUrl}/admin/v1${path}`,
			method: verb,
			headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
			data: body === undefined ? undefined : JSON.stringify(body),
		});
	}

	/** Like `request`, but fails the test with the answer when the status is not the expected one. */
	async expect<T = any>(
		status: number,
		verb: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
		path: string,
		body?: unknown,
	): Promise<T> {
		const res = await this.request<T>(verb, path, body);
		if (res.status !== status) {
			throw new Error(`admin ${verb} ${path}: expected ${status}, got ${res.status} ${JSON.stringify(res.data)}`);
		}
		return res.data;
	}
}
