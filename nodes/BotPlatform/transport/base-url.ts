/**
 * The credential's Base URL, normalized in one place. Users paste the address in many shapes
 * (`https://host/`, `https://host/api/v1`, `https://host/api/`); all of them mean the same server.
 */

/** The path every method lives under (spec §4.1). */
export const API_PATH = '/api/v1';

/** Trailing slashes, optionally after a pasted `/api` or `/api/v1`. */
export const BASE_URL_SUFFIX = /(?:\/api(?:\/v1)?)?\/*$/i;

export function normalizeBaseUrl(baseUrl: string): string {
	return baseUrl.trim().replace(BASE_URL_SUFFIX, '');
}

/** `https://host` + `getMe` → `https://host/api/v1/getMe`. */
export function methodUrl(baseUrl: string, method: string): string {
	return `${normalizeBaseUrl(baseUrl)}${API_PATH}/${method}`;
}

/**
 * The same normalization as an n8n expression, for the credential's declarative test request, which
 * cannot call TypeScript. Built from `BASE_URL_SUFFIX` so the two forms cannot drift apart.
 */
export const API_BASE_URL_EXPRESSION = `={{ String($credentials.baseUrl).trim().replace(${BASE_URL_SUFFIX.toString()}, '') }}${API_PATH}`;
