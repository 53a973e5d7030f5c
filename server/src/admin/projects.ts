/** Provisioning of projects and of team-member invitations (which give no API access, §1). */
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { ApiError, fieldError } from '../http/errors';
import { text, validate } from '../http/validation';
import type { Models } from '../models';
import type { ProjectDoc } from '../models/project';
import { adminBody, adminRoute } from './route';

const objectId = z.string().regex(/^[0-9a-f]{24}$/i);

const createProjectInput = z.object({ owner_id: objectId, name: text() });
const addMemberInput = z.object({ user_id: objectId });

function presentProject(project: ProjectDoc) {
	return { uuid: project.uuid, name: project.name, owner_id: project.ownerId.toHexString() };
}

export function projectsAdmin(models: Models): Router {
	const router = Router();

	router.post(
		'/projects',
		adminRoute(async (req) => {
			const input = validate(createProjectInput, adminBody(req), 'en');
			if (!(await models.users.exists({ _id: input.owner_id }))) {
				throw fieldError('en', 'owner_id', 'The selected owner id is invalid.');
			}
			const project = await models.projects.create({ uuid: randomUUID(), name: input.name, ownerId: input.owner_id });
			return { status: 201, body: { data: presentProject(project.toObject()) } };
		}),
	);

	router.post(
		'/projects/:uuid/members',
		adminRoute(async (req) => {
			const input = validate(addMemberInput, adminBody(req), 'en');
			if (!(await models.users.exists({ _id: input.user_id }))) {
				throw fieldError('en', 'user_id', 'The selected user id is invalid.');
			}
			const project = await models.projects
				.findOneAndUpdate(
					{ uuid: String(req.params.uuid) },
					{ $addToSet: { members: input.user_id } },
					{ returnDocument: 'after' },
				)
				.lean<ProjectDoc>();
			if (!project) throw new ApiError(404, { error: 'Project not found.' });
			return { status: 201, body: { data: { project_uuid: project.uuid, user_id: input.user_id } } };
		}),
	);

	return router;
}
