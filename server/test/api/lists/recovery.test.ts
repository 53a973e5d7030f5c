/**
 * §4.5 §4.6 the 5000-lists limit stays exact when a process dies between the two writes of a create (its ID taken
 * in the project, then the list inserted) or a delete (the list deleted, then its records, then its ID given
 * back). Either crash leaves a phantom: an ID in the project with no list. A crash is simulated by building that
 * state by hand; the next create that finds the project full repairs it. Projects written by the previous version
 * (a counter, `listsCount`, and `pendingLists` markers) are given the IDs of their lists.
 */
import { Types } from 'mongoose';
import { LISTS_PER_PROJECT } from '../../../src/domain/lists/limits';
import { SETTLE_AFTER_MS } from '../../../src/domain/lists/list-slots';
import { startServerOnSameDatabase } from '../../support/contact-accounts';
import { createUserWithBot, createListForTest } from '../../support/factories';
import { expectForbidden, listIdsOf, listsCountOf } from '../../support/lists';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
beforeAll(async () => {
	t = await startTestServer();
});
afterAll(() => t.close());

const models = () => t.server.database.models;
const TITLE = { name: 'Title', slug: 'title', type: 'string' };

/** An ID made longer ago than the settling age, as the ID of a list created (or attempted) back then is. */
function settledListId(): Types.ObjectId {
	const seconds = Math.floor((Date.now() - SETTLE_AFTER_MS) / 1000) - 60;
	return new Types.ObjectId(seconds.toString(16).padStart(8, '0') + new Types.ObjectId().toHexString().slice(8));
}

/** The project full: `ids`, then fresh IDs (lists being created elsewhere right now) up to the limit. */
async function fillProject(projectUuid: string, ids: Types.ObjectId[]) {
	const fresh = Array.from({ length: LISTS_PER_PROJECT - ids.length }, () => new Types.ObjectId());
	await models().projects.updateOne({ uuid: projectUuid }, { $set: { listIds: [...ids, ...fresh] } });
}

test('§4.5 a create that died after taking its slot leaves a phantom, which a full project gives back', async () => {
	const { user, project } = await createUserWithBot(t);
	const phantom = settledListId();
	await fillProject(project.uuid, [phantom]);
	const res = await user.api.call('createListSchema', { name: 'After', project_uuid: project.uuid, fields: [TITLE] });
	expect(res.status).toBe(201);
	const ids = await listIdsOf(t, project.uuid);
	expect(ids).toHaveLength(LISTS_PER_PROJECT);
	expect(ids).not.toContain(phantom.toHexString());
	expect(ids).toContain(res.data.data.id);
	// Full again, with no phantom old enough: refused, nothing changed.
	expectForbidden(await user.api.call('createListSchema', { name: 'Over', project_uuid: project.uuid, fields: [TITLE] }));
	expect(await listIdsOf(t, project.uuid)).toEqual(ids);
});

test('§4.5 a project full of real lists, all older than the settling age: refused, none taken for a phantom', async () => {
	const { user, project } = await createUserWithBot(t);
	const ids = Array.from({ length: LISTS_PER_PROJECT }, settledListId);
	await models().lists.insertMany(
		ids.map((_id) => ({ _id, name: 'Old', projectUuid: project.uuid, ownerId: new Types.ObjectId(user.id), fields: [] })),
	);
	await fillProject(project.uuid, ids);
	expectForbidden(await user.api.call('createListSchema', { name: 'Over', project_uuid: project.uuid, fields: [TITLE] }));
	expect(await listIdsOf(t, project.uuid)).toEqual(ids.map((id) => id.toHexString()));
	expect(await models().lists.countDocuments({ projectUuid: project.uuid })).toBe(LISTS_PER_PROJECT);
});

test('§4.5 parallel creates at a full project with one phantom: exactly one takes the freed slot', async () => {
	const { user, project, bot } = await createUserWithBot(t);
	await fillProject(project.uuid, [settledListId()]);
	const results = await Promise.all(
		Array.from({ length: 4 }, (_, i) =>
			user.api.call('createListSchema', {
				name: `Racer ${i}`,
				...(i % 2 ? { bot_id: bot.id } : { project_uuid: project.uuid }),
				fields: [TITLE],
			}),
		),
	);
	expect(results.map((res) => res.status).sort()).toEqual([201, 403, 403, 403]);
	results.filter((res) => res.status === 403).forEach(expectForbidden);
	expect(await listsCountOf(t, project.uuid)).toBe(LISTS_PER_PROJECT);
	expect((await user.api.call('getListSchemas')).data.meta.total).toBe(1);
});

test('§4.6 a delete that died after deleting its list: the phantom and the records it left are cleared when needed', async () => {
	const { user, project, bot } = await createUserWithBot(t);
	const kept = await createListForTest(user, { project_uuid: project.uuid });
	await t.admin.listItems.create(kept.id, { title: 'kept' });
	// The crash state: the list gone, its records and its ID still there.
	const deleted = settledListId();
	await models().listItems.create({ listId: deleted, values: { title: 'left behind' } });
	await fillProject(project.uuid, [new Types.ObjectId(kept.id), deleted]);
	const res = await user.api.call('createListSchema', { name: 'After', bot_id: bot.id, fields: [TITLE] });
	expect(res.status).toBe(201);
	expect(await listIdsOf(t, project.uuid)).not.toContain(deleted.toHexString());
	expect(await models().listItems.countDocuments({ listId: deleted })).toBe(0);
	// A live list is never taken for a phantom, however old.
	expect(await listIdsOf(t, project.uuid)).toContain(kept.id);
	expect((await t.admin.listItems.list(kept.id)).map((item) => item.values)).toEqual([{ title: 'kept' }]);
});

test('§4.5 a phantom younger than the settling age may be a create in flight on another instance: left alone', async () => {
	const { user, project } = await createUserWithBot(t);
	const list = await createListForTest(user, { project_uuid: project.uuid });
	// A create's ID just taken, its list not inserted yet (here: a list just deleted, its ID not given back yet).
	await models().lists.deleteOne({ _id: new Types.ObjectId(list.id) });
	await fillProject(project.uuid, [new Types.ObjectId(list.id)]);
	expectForbidden(await user.api.call('createListSchema', { name: 'Over', project_uuid: project.uuid, fields: [TITLE] }));
	expect(await listIdsOf(t, project.uuid)).toContain(list.id);
	expect(await listsCountOf(t, project.uuid)).toBe(LISTS_PER_PROJECT);
});

test('§4.5 §4.6 parallel creates and deletes, repeated deletes too, leave exactly the IDs of the lists that exist', async () => {
	const { user, project, bot } = await createUserWithBot(t);
	const lists = await Promise.all(
		Array.from({ length: 6 }, (_, i) => createListForTest(user, i % 2 ? { bot_id: bot.id } : { project_uuid: project.uuid })),
	);
	const [more, deletes] = await Promise.all([
		Promise.all([createListForTest(user, { bot_id: bot.id }), createListForTest(user, { project_uuid: project.uuid })]),
		Promise.all([...lists, lists[0], lists[1]].map((list) => user.api.call('deleteListSchema', { schema_id: list.id }))),
	]);
	expect(deletes.map((res) => res.status).sort()).toEqual([204, 204, 204, 204, 204, 204, 404, 404]);
	expect((await listIdsOf(t, project.uuid)).sort()).toEqual(more.map((list) => list.id).sort());
});

describe('projects written by the previous version', () => {
	/** Two lists, then the project as the previous version stored it: a counter and markers, no `listIds`. */
	async function previousVersionProject() {
		const { user, project } = await createUserWithBot(t);
		const lists = [
			await createListForTest(user, { project_uuid: project.uuid }),
			await createListForTest(user, { project_uuid: project.uuid }),
		];
		// The raw collection: the model no longer knows these fields.
		await models().projects.collection.updateOne(
			{ uuid: project.uuid },
			{
				$unset: { listIds: '' },
				$set: { listsCount: 2, pendingLists: [{ _id: new Types.ObjectId(), at: new Date(Date.now() - SETTLE_AFTER_MS) }] },
			},
		);
		return { user, project, listIds: lists.map((list) => list.id) };
	}

	const storedProject = (uuid: string) => models().projects.collection.findOne({ uuid });

	test('§4.5 start-up gives them the IDs of their lists and drops the counter and markers', async () => {
		const { user, project, listIds } = await previousVersionProject();
		const restarted = await startServerOnSameDatabase(t);
		try {
			const stored = await storedProject(project.uuid);
			expect(stored?.listIds.map((id: Types.ObjectId) => id.toHexString())).toEqual(listIds);
			expect(stored).not.toHaveProperty('listsCount');
			expect(stored).not.toHaveProperty('pendingLists');
		} finally {
			await restarted.server.close();
		}
		// They count towards the limit like any list: full at 4,998 more.
		await fillProject(
			project.uuid,
			listIds.map((id) => new Types.ObjectId(id)),
		);
		expectForbidden(await user.api.call('createListSchema', { name: 'Over', project_uuid: project.uuid, fields: [TITLE] }));
	});

	test('§4.5 §4.6 one met while serving (written since by the previous version): deletes work, the next create fills it', async () => {
		const { user, project, listIds } = await previousVersionProject();
		// A delete needs no listIds: it deletes, and gives back a slot the project does not hold yet.
		expect((await user.api.call('deleteListSchema', { schema_id: listIds[0] })).status).toBe(204);
		const res = await user.api.call('createListSchema', { name: 'New', project_uuid: project.uuid, fields: [TITLE] });
		expect(res.status).toBe(201);
		expect(await listIdsOf(t, project.uuid)).toEqual([listIds[1], res.data.data.id]);
		expect(await storedProject(project.uuid)).not.toHaveProperty('listsCount');
	});

	test('§4.5 parallel creates in one such project fill it once and count every list', async () => {
		const { user, project, listIds } = await previousVersionProject();
		const created = await Promise.all(
			Array.from({ length: 4 }, (_, i) =>
				user.api.call('createListSchema', { name: `New ${i}`, project_uuid: project.uuid, fields: [TITLE] }),
			),
		);
		expect(created.map((res) => res.status)).toEqual([201, 201, 201, 201]);
		expect((await listIdsOf(t, project.uuid)).sort()).toEqual([...listIds, ...created.map((res) => res.data.data.id)].sort());
	});
});

describe('a list whose insert is refused', () => {
	const P1 = '3f2b8c1e-0000-4000-8000-0000000000a1';
	const P2 = '3f2b8c1e-0000-4000-8000-0000000000a2';
	const LIST_ID = '65a0000000000000000000aa';
	const seed = {
		users: [{ name: 'Ann', email: 'ann@example.com', api_key: 'bp_seed_ann_0123456789abcdef' }],
		projects: [P1, P2].map((uuid) => ({ uuid, name: 'Shop', owner: 'ann@example.com' })),
		// One ID twice: the second insert is refused as a duplicate.
		lists: [P1, P2].map((uuid) => ({ id: LIST_ID, name: 'Orders', project_uuid: uuid, fields: [TITLE] })),
	};

	test('§4.5 gives its slot back, and a list of that ID in another project keeps its own', async () => {
		// A server of its own: the seed replaces all the data of its database.
		const own = await startTestServer();
		try {
			await expect(startServerOnSameDatabase(own, seed)).rejects.toThrow(/lists\[1\]/);
			expect(await listIdsOf(own, P1)).toEqual([LIST_ID]);
			expect(await listIdsOf(own, P2)).toEqual([]);
		} finally {
			await own.close();
		}
	});
});
