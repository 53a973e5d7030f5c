/** Provisioning of projects and of team-member invitations (which give no API access, §1). */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { dataOf, errorBody, validationBody } from '../http/answers';
import { ApiError, fieldError } from '../http/errors';
import { text } from '../contract/kit/validation';
import type { ProjectDoc } from '../models/project';
import { adminRoute } from './route';
import { pageFrom, pageOf, pageQuery, readPage } from './paging';

const objectId = () => z.string().regex(/^[0-9a-f]{24}$/i);

const createProjectInput = z.object({ owner_id: objectId().meta({ description: 'The owning user.' }), name: text() });
const addMemberInput = z.object({ user_id: objectId().meta({ description: 'The user to invite.' }) });

function presentProject(project: ProjectDoc) {
	return { uuid: project.uuid, name: project.name, owner_id: project.ownerId.toHexString() };
}

const projectJson = z.object({ uuid: z.string(), name: z.string(), owner_id: z.string() }).meta({ id: 'AdminProject' });

const listedProjectJson = projectJson.extend({ member_ids: z.array(z.string()) }).meta({ id: 'AdminListedProject' });

export const projectRoutes = [
	adminRoute({
		name: 'getProjects',
		verb: 'get',
		path: '/projects',
		summary: "The projects, newest first, a page at a time, with their invited members; `owner_id` keeps one owner's.",
		query: pageQuery.extend({ owner_id: objectId().nullish().meta({ description: 'Only the projects of this user.' }) }),
		success: [{ status: 200, when: 'A page of projects.', body: pageOf(listedProjectJson) }],
		refusals: [],
		async handle({ deps: { models }, query }) {
			const page = pageFrom(query);
			const filter = query.owner_id ? { ownerId: query.owner_id } : {};
			const [projects, total] = await readPage<ProjectDoc>(models.projects, filter, page, { projection: { listIds: 0 } });
			const listed = projects.map((project) => ({
				...presentProject(project),
				member_ids: project.members.map((member) => member.toHexString()),
			}));
			return { status: 200, body: page.envelope(listed, total) };
		},
	}),
	adminRoute({
		name: 'createProject',
		verb: 'post',
		path: '/projects',
		summary: 'Creates a project owned by a user.',
		body: createProjectInput,
		example: { owner_id: '0123456789abcdef01234567', name: 'Shop' },
		success: [{ status: 201, when: 'The project.', body: dataOf(projectJson) }],
		refusals: [{ status: 422, when: 'No user has this `owner_id`.', body: validationBody }],
		async handle({ deps: { models }, body: input }) {
			if (!(await models.users.exists({ _id: input.owner_id }))) {
				throw fieldError('en', 'owner_id', 'The selected owner id is invalid.');
			}
			const project = await models.projects.create({ uuid: randomUUID(), name: input.name, ownerId: input.owner_id });
			return { status: 201, body: { data: presentProject(project.toObject()) } };
		},
	}),
	adminRoute({
		name: 'inviteProjectMember',
		verb: 'post',
		path: '/projects/:uuid/members',
		summary: 'Invites a user to a project as a team member, which gives no API access to its data (§1).',
		params: { uuid: z.string().meta({ description: 'The project UUID.' }) },
		body: addMemberInput,
		example: { user_id: '0123456789abcdef01234567' },
		success: [
			{
				status: 201,
				when: 'The invitation (inviting twice changes nothing).',
				body: dataOf(z.object({ project_uuid: z.string(), user_id: z.string() })),
			},
		],
		refusals: [
			{ status: 404, when: 'No such project.', body: errorBody },
			{ status: 422, when: 'No user has this `user_id`.', body: validationBody },
		],
		async handle({ deps: { models }, params: { uuid }, body: input }) {
			if (!(await models.users.exists({ _id: input.user_id }))) {
				throw fieldError('en', 'user_id', 'The selected user id is invalid.');
			}
			const project = await models.projects
				.findOneAndUpdate({ uuid }, { $addToSet: { members: input.user_id } }, { returnDocument: 'after' })
				.lean<ProjectDoc>();
			if (!project) throw new ApiError(404, { error: 'Project not found.' });
			return { status: 201, body: { data: { project_uuid: project.uuid, user_id: input.user_id } } };
		},
	}),
];
