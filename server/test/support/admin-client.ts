/**
 * The admin API (`/admin/v1`) as tests and factories use it: the server's own typed client
 * (`bot-platform-server/testing`), sending through `http.ts` so that every answer is held to the reference.
 */
import { AdminClient as TypedAdminClient, type AdminTransport } from '../../src/testing/admin-client';
import { http, type HttpResponse } from './http';

export const checkedTransport: AdminTransport = async ({ method, url, headers, body }) => {
	const res = await http.request({ url, method, headers, data: body });
	return { status: res.status, data: res.data, headers: res.headers as Record<string, unknown> };
};

export class AdminClient extends TypedAdminClient {
	constructor(baseUrl: string, token: string) {
		super(baseUrl, token, checkedTransport);
	}

	/** The raw answer, as axios gave it to the transport. */
	override request<T = any>(...args: Parameters<TypedAdminClient['request']>): Promise<HttpResponse<T>> {
		return super.request<T>(...args) as Promise<HttpResponse<T>>;
	}
}
