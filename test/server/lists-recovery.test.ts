/**
 * §4.5 §4.6 the 5000-lists counter stays true when a process dies between taking or releasing a slot and
 * inserting or deleting the list. A crash is simulated by making the first write exactly as the server does and
 * stopping there; a server then starting on the same database settles what was left.
 */
import { Types } from 'mongoose';
import { SETTLE_AFTER_MS } from '../../server/src/domain/lists/list-slots';
import { startServerOnSameDatabase } from '../support/contact-accounts';
import { createAccountWithBot, createListForTest } from '../support/factories';
import { listsCountOf } from '../support/lists';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const models = () => t.server.database.models;
const longAgo = () => new Date(Date.now() - SETTLE_AFTER_MS - 1000);

/** The slot and its marker, as createListSchema takes them before inserting the list (or deleteListSchema marks it). */
async function markSlot(projectUuid: string, listId: Types.ObjectId, { take, at = longAgo() }: { take: boolean; at?: Date }) {
	await models().projects.updateOne(
		{ uuid: projectUuid },
		{ ...(take && { $inc: { listsCount: 1 } }), $push: { pendingLists: { _id: listId, at } } },
	);
}

const markersOf = async (projectUuid: string) =>
	(await models().projects.findOne({ uuid: projectUuid }, { pendingLists: 1 }).lean())?.pendingLists ?? [];

async function afterRestart(check: () => Promise<void>) {
	const restarted = await startServerOnSameDatabase(t);
	try {
		await check();
	} finally {
		await restarted.server.close();
	}
}

test('§4.5 a slot taken by a create that died before inserting its list is released at start-up', async () => {
	const { account, project } = await createAccountWithBot(t);
	await createListForTest(account, { project_uuid: project.uuid });
	await markSlot(project.uuid, new Types.ObjectId(), { take: true });
	expect(await listsCountOf(t, project.uuid)).toBe(2);
	await afterRestart(async () => {
		expect(await listsCountOf(t, project.uuid)).toBe(1);
		expect(await markersOf(project.uuid)).toEqual([]);
	});
});

test('§4.5 a create that died after inserting its list keeps its slot', async () => {
	const { account, project } = await createAccountWithBot(t);
	const list = await createListForTest(account, { project_uuid: project.uuid });
	// The marker of that create, as if the settling write never happened.
	await models().projects.updateOne(
		{ uuid: project.uuid },
		{ $push: { pendingLists: { _id: new Types.ObjectId(list.id), at: longAgo() } } },
	);
	await afterRestart(async () => {
		expect(await listsCountOf(t, project.uuid)).toBe(1);
		expect(await markersOf(project.uuid)).toEqual([]);
	});
});

test('§4.6 a delete that died after deleting its list releases the slot at start-up', async () => {
	const { account, project } = await createAccountWithBot(t);
	const list = await createListForTest(account, { project_uuid: project.uuid });
	const listId = new Types.ObjectId(list.id);
	await markSlot(project.uuid, listId, { take: false });
	await models().lists.deleteOne({ _id: listId });
	expect(await listsCountOf(t, project.uuid)).toBe(1);
	await afterRestart(async () => {
		expect(await listsCountOf(t, project.uuid)).toBe(0);
		expect(await markersOf(project.uuid)).toEqual([]);
	});
	// The freed slot is usable: the counter is exact again.
	await createListForTest(account, { project_uuid: project.uuid });
	expect(await listsCountOf(t, project.uuid)).toBe(1);
});

test('§4.5 a marker younger than the grace period may belong to a live create on another instance: left alone', async () => {
	const { project } = await createAccountWithBot(t);
	await markSlot(project.uuid, new Types.ObjectId(), { take: true, at: new Date() });
	await afterRestart(async () => {
		expect(await listsCountOf(t, project.uuid)).toBe(1);
		expect(await markersOf(project.uuid)).toHaveLength(1);
	});
});

test('§4.5 §4.6 normal creates and deletes, also in parallel, leave no marker and an exact counter', async () => {
	const { account, project, bot } = await createAccountWithBot(t);
	const lists = await Promise.all(
		Array.from({ length: 6 }, (_, i) => createListForTest(account, i % 2 ? { bot_id: bot.id } : { project_uuid: project.uuid })),
	);
	const deletes = await Promise.all(
		[...lists, lists[0], lists[1]].map((list) => account.api.call('deleteListSchema', { schema_id: list.id })),
	);
	expect(deletes.map((res) => res.status).sort()).toEqual([204, 204, 204, 204, 204, 204, 404, 404]);
	expect(await listsCountOf(t, project.uuid)).toBe(0);
	expect(await markersOf(project.uuid)).toEqual([]);
});
