/** Helpers of the list tests (§2.1, §2.2, §4.3 to §4.8): raw JSON order, error shapes, storage checks. */
import { Types } from 'mongoose';
import type { HttpResponse } from './http';
import type { TestServer } from './test-server';

export const LIST_ID = /^[0-9a-f]{24}$/;

/**
 * Calls a method and returns the raw response text: parsed JSON cannot show key order, since JS objects
 * put integer-like keys ("2024") first.
 */
export async function rawCall(t: TestServer, apiKey: string, method: string, params: Record<string, unknown>) {
	const res = await fetch(`${t.url}/api/v1/${method}`, {
		method: 'POST',
		headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
		body: JSON.stringify(params),
	});
	return { status: res.status, text: await res.text() };
}

/** The slugs of a list's `fields` map in the order the JSON text has them (one list per text). */
export function fieldSlugsInOrder(text: string): string[] {
	return [...text.matchAll(/"((?:[^"\\]|\\.)*)":\{"name":/g)].map((match) => JSON.parse(`"${match[1]}"`) as string);
}

/** §4.4: 404 with `message`, `error` and `errors.schema_id`, one text in all three. */
export function expectListNotFound(res: HttpResponse) {
	expect(res.status).toBe(404);
	expect(res.data).toEqual({
		message: expect.any(String),
		error: expect.any(String),
		errors: { schema_id: [expect.any(String)] },
	});
	expect(res.data.error).toBe(res.data.message);
	expect(res.data.errors.schema_id[0]).toBe(res.data.message);
}

/** §4.5, §7.2: 403 with `error` (and `message`, the same text). */
export function expectForbidden(res: HttpResponse) {
	expect(res.status).toBe(403);
	expect(res.data).toEqual({ message: expect.any(String), error: expect.any(String) });
	expect(res.data.error).toBe(res.data.message);
	expect(res.data).not.toHaveProperty('data');
}

/** §7.1: a 422 whose `errors` has exactly these keys. */
export function expectInvalid(res: HttpResponse, keys: string[]) {
	expect(res.status).toBe(422);
	expect(res.data).toEqual({ message: expect.any(String), errors: expect.any(Object) });
	expect(Object.keys(res.data.errors).sort()).toEqual([...keys].sort());
	for (const texts of Object.values<unknown>(res.data.errors)) {
		expect(Array.isArray(texts) && texts.length > 0 && texts.every((text) => typeof text === 'string')).toBe(true);
	}
}

/** How many lists the project counts towards its 5000 (§4.5): the IDs it holds. */
export async function listsCountOf(t: TestServer, projectUuid: string): Promise<number> {
	return (await listIdsOf(t, projectUuid)).length;
}

export async function listIdsOf(t: TestServer, projectUuid: string): Promise<string[]> {
	const project = await t.server.database.models.projects.findOne({ uuid: projectUuid }, { listIds: 1 }).lean();
	if (!project) throw new Error(`project ${projectUuid} not found`);
	return project.listIds.map((id) => id.toHexString());
}

/**
 * Makes the project hold `count` slots, without making that many lists: IDs of lists being created right now (on
 * another instance, say), which the full-project repair leaves alone for a minute (`SETTLE_AFTER_MS`).
 */
export async function setListsCount(t: TestServer, projectUuid: string, count: number): Promise<void> {
	const listIds = Array.from({ length: count }, () => new Types.ObjectId());
	await t.server.database.models.projects.updateOne({ uuid: projectUuid }, { $set: { listIds } });
}

/** Every record of the list, straight from storage (also after the list itself is gone). */
export async function storedItemsOf(t: TestServer, listId: string) {
	return t.server.database.models.listItems.find({ listId }).sort({ _id: 1 }).lean();
}
