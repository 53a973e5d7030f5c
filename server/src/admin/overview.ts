/** What the console's overview shows: health, database, version, uptime, and requests per minute over the last hour. */
import { z } from 'zod';
import { dataOf } from '../http/answers';
import { STATUS_CLASSES } from '../observability/traffic';
import { adminRoute } from './route';

const overviewJson = z
	.object({
		healthy: z.boolean().meta({ description: 'As `GET /healthz`: the database is reachable and answers a ping.' }),
		database: z.enum(['embedded', 'mongodb']).meta({ description: '`embedded` (in memory), or the MongoDB of `MONGODB_URI`.' }),
		version: z.string().nullable(),
		started_at: z.string(),
		uptime_seconds: z.int().min(0),
		test_double: z.boolean(),
		requests_per_minute: z
			.array(
				z.object({ minute: z.string(), counts: z.object(Object.fromEntries(STATUS_CLASSES.map((name) => [name, z.int()]))) }),
			)
			.meta({ description: "This instance's requests in each of the last 60 minutes by status class, oldest first." }),
	})
	.meta({ id: 'AdminOverview' });

export const overviewRoutes = [
	adminRoute({
		name: 'getOverview',
		verb: 'get',
		path: '/overview',
		summary: "The server at a glance: health, database, version, uptime, and this instance's requests over the last hour.",
		success: [{ status: 200, when: 'The overview.', body: dataOf(overviewJson) }],
		refusals: [],
		async handle({ deps }) {
			const { server } = deps;
			const now = Date.now();
			return {
				status: 200,
				body: {
					data: {
						healthy: await server.healthy(),
						database: server.database,
						version: server.version ?? null,
						started_at: server.startedAt.toISOString(),
						uptime_seconds: Math.max(0, Math.floor((now - server.startedAt.getTime()) / 1000)),
						test_double: deps.testDouble !== undefined,
						requests_per_minute: server.traffic.lastHour(),
					},
				},
			};
		},
	}),
];
