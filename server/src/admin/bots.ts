/** Provisioning of bots. A bot belongs to a project and, through it, to the project's owner. */
import { z } from 'zod';
import { nextSequence } from '../database/sequences';
import { countSubscribers } from '../domain/contacts/subscribers';
import { deleteBot } from '../domain/contacts/delete-bot';
import { botTagsOf } from '../domain/tags/bot-tags';
import { dataOf, errorBody, validationBody } from '../http/answers';
import { ApiError, fieldError } from '../http/errors';
import { text } from '../contract/kit/validation';
import type { BotDoc } from '../models/bot';
import { integerIdParam } from './params';
import { adminRoute } from './route';
import { pageFrom, pageOf, pageQuery, readPage } from './paging';

const createBotInput = z.object({ project_uuid: z.string().max(64), name: text() });

export function presentBot(bot: BotDoc, subscribersCount: number) {
	return { id: bot._id, name: bot.name, project_uuid: bot.projectUuid, subscribers_count: subscribersCount };
}

const botJson = z
	.object({ id: z.int(), name: z.string(), project_uuid: z.string(), subscribers_count: z.int().min(0) })
	.meta({ id: 'AdminBot' });

/** One bot with its tags and their IDs: where a client learns a `tag_id` (§10.1). */
const botWithTagsJson = botJson
	.extend({ tags: z.array(z.object({ id: z.int(), name: z.string() })).meta({ description: 'In the order they were made.' }) })
	.meta({ id: 'AdminBotWithTags' });

const botNotFound = { status: 404, when: 'No such bot, or it is deleted.', body: errorBody };

const botPath = { id: integerIdParam('Bot') };

export const botRoutes = [
	adminRoute({
		name: 'getBots',
		verb: 'get',
		path: '/bots',
		summary: "The live bots, newest first, a page at a time, with their subscriber counts; `project_uuid` keeps one project's.",
		query: pageQuery.extend({
			project_uuid: z.string().max(64).nullish().meta({ description: 'Only the bots of this project.' }),
		}),
		success: [{ status: 200, when: 'A page of bots.', body: pageOf(botJson) }],
		refusals: [],
		async handle({ deps: { models }, query }) {
			const page = pageFrom(query);
			const filter = { deletedAt: null, ...(query.project_uuid ? { projectUuid: query.project_uuid } : {}) };
			const [bots, total] = await readPage<BotDoc>(models.bots, filter, page);
			const counts = await Promise.all(bots.map((bot) => countSubscribers(models, bot._id)));
			return {
				status: 200,
				body: page.envelope(
					bots.map((bot, i) => presentBot(bot, counts[i])),
					total,
				),
			};
		},
	}),
	adminRoute({
		name: 'createBot',
		verb: 'post',
		path: '/bots',
		summary: 'Creates a bot in a project.',
		body: createBotInput,
		example: { project_uuid: '8d2ef58f-8516-4870-99ad-80ef406079e7', name: 'Shop bot' },
		success: [{ status: 201, when: 'The bot.', body: dataOf(botJson) }],
		refusals: [{ status: 422, when: 'No project has this `project_uuid`.', body: validationBody }],
		async handle({ deps: { models }, body: input }) {
			const project = await models.projects.findOne({ uuid: input.project_uuid }, { ownerId: 1 }).lean();
			if (!project) throw fieldError('en', 'project_uuid', 'The selected project uuid is invalid.');
			const bot = await models.bots.create({
				_id: await nextSequence(models, 'bots'),
				name: input.name,
				projectUuid: input.project_uuid,
				ownerId: project.ownerId,
			});
			return { status: 201, body: { data: presentBot(bot.toObject(), 0) } };
		},
	}),
	adminRoute({
		name: 'getBot',
		verb: 'get',
		path: '/bots/:id',
		summary: 'One bot: subscriber count, tag IDs.',
		params: botPath,
		success: [{ status: 200, when: 'The bot.', body: dataOf(botWithTagsJson) }],
		refusals: [botNotFound],
		async handle({ deps: { models }, params: { id } }) {
			const bot = await models.bots.findOne({ _id: id, deletedAt: null }).lean<BotDoc>();
			if (!bot) throw new ApiError(404, { error: 'Bot not found.' });
			const [subscribers, tags] = await Promise.all([countSubscribers(models, bot._id), botTagsOf(models, bot._id)]);
			return { status: 200, body: { data: { ...presentBot(bot, subscribers), tags } } };
		},
	}),
	adminRoute({
		name: 'deleteBot',
		verb: 'delete',
		path: '/bots/:id',
		summary: 'Deletes a bot; its contact accounts are then not found (§7.3).',
		params: botPath,
		success: [{ status: 204, when: 'Deleted.' }],
		refusals: [botNotFound],
		async handle({ deps: { models }, params: { id } }) {
			if (!(await deleteBot(models, id))) throw new ApiError(404, { error: 'Bot not found.' });
			return { status: 204 };
		},
	}),
];
