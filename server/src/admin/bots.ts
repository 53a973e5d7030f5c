/** Provisioning of bots. A bot belongs to a project and, through it, to the project's owner. */
import { Router } from 'express';
import { z } from 'zod';
import { nextSequence } from '../database/sequences';
import { ApiError, fieldError } from '../http/errors';
import { text, validate } from '../http/validation';
import type { Models } from '../models';
import type { BotDoc } from '../models/bot';
import { integerParam } from './params';
import { adminBody, adminRoute } from './route';

const createBotInput = z.object({ project_uuid: z.string().max(64), name: text() });

export function presentBot(bot: BotDoc) {
	return { id: bot._id, name: bot.name, project_uuid: bot.projectUuid, subscribers_count: bot.subscribersCount };
}

export function botsAdmin(models: Models): Router {
	const router = Router();

	router.post(
		'/bots',
		adminRoute(async (req) => {
			const input = validate(createBotInput, adminBody(req), 'en');
			const project = await models.projects.findOne({ uuid: input.project_uuid }, { ownerId: 1 }).lean();
			if (!project) throw fieldError('en', 'project_uuid', 'The selected project uuid is invalid.');
			const bot = await models.bots.create({
				_id: await nextSequence(models, 'bots'),
				name: input.name,
				projectUuid: input.project_uuid,
				ownerId: project.ownerId,
			});
			return { status: 201, body: { data: presentBot(bot.toObject()) } };
		}),
	);

	router.get(
		'/bots/:id',
		adminRoute(async (req) => {
			const bot = await models.bots
				.findOne({ _id: integerParam(req.params.id as string, 'Bot'), deletedAt: null })
				.lean<BotDoc>();
			if (!bot) throw new ApiError(404, { error: 'Bot not found.' });
			return { status: 200, body: { data: presentBot(bot) } };
		}),
	);

	router.delete(
		'/bots/:id',
		adminRoute(async (req) => {
			const id = integerParam(req.params.id as string, 'Bot');
			const result = await models.bots.updateOne({ _id: id, deletedAt: null }, { $set: { deletedAt: new Date() } });
			if (result.matchedCount === 0) throw new ApiError(404, { error: 'Bot not found.' });
			return { status: 204 };
		}),
	);

	return router;
}
