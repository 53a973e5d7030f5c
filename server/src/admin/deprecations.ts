/** Deprecating an API method with a sunset date (§9), and taking the deprecation back. */
import { z } from 'zod';
import { dataOf, errorBody } from '../http/answers';
import { ApiError } from '../http/errors';
import { adminRoute, type AdminDeps } from './route';

const deprecationInput = z.object({
	sunset: z.iso.datetime({ offset: true }).meta({ description: 'The switch-off date; from then on the method answers 410.' }),
});

const methodPath = { method: z.string().meta({ description: 'An API method name, e.g. `createContactAccount`.' }) };

const unknownMethod = { status: 404, when: 'No API method has this name.', body: errorBody };

function knownMethod({ methodNames }: AdminDeps, name: string): string {
	if (!methodNames.has(name)) throw new ApiError(404, { error: `Unknown method ${name}.` });
	return name;
}

const deprecationJson = z.object({ method: z.string(), sunset: z.string().meta({ description: 'ISO 8601, UTC.' }) });

export const deprecationRoutes = [
	adminRoute({
		name: 'getDeprecations',
		verb: 'get',
		path: '/deprecations',
		summary: 'The deprecations stored, by method name.',
		success: [{ status: 200, when: 'The deprecations.', body: dataOf(z.array(deprecationJson)) }],
		refusals: [],
		async handle({ deps: { models } }) {
			const stored = await models.deprecations.find().sort({ _id: 1 }).lean();
			return { status: 200, body: { data: stored.map(({ _id, sunset }) => ({ method: _id, sunset: sunset.toISOString() })) } };
		},
	}),
	adminRoute({
		name: 'deprecateMethod',
		verb: 'put',
		path: '/deprecations/:method',
		summary: 'Deprecates an API method until a sunset date (§9): its answers carry `Deprecation` and `Sunset` until then.',
		params: methodPath,
		body: deprecationInput,
		example: { sunset: '2027-06-30T00:00:00Z' },
		success: [
			{
				status: 200,
				when: 'The deprecation as stored.',
				body: dataOf(deprecationJson),
			},
		],
		refusals: [unknownMethod],
		async handle({ deps, params, body: { sunset } }) {
			const method = knownMethod(deps, params.method);
			const saved = await deps.models.deprecations
				.findOneAndUpdate({ _id: method }, { $set: { sunset: new Date(sunset) } }, { upsert: true, returnDocument: 'after' })
				.lean();
			// This instance applies the change at once; the others within DEPRECATIONS_REFRESH_MS.
			await deps.deprecations.reload();
			return { status: 200, body: { data: { method, sunset: saved.sunset.toISOString() } } };
		},
	}),
	adminRoute({
		name: 'undeprecateMethod',
		verb: 'delete',
		path: '/deprecations/:method',
		summary: 'Takes a deprecation back: the method works as before, also after its sunset date.',
		params: methodPath,
		success: [{ status: 204, when: 'Done (also when the method was not deprecated).' }],
		refusals: [unknownMethod],
		async handle({ deps, params }) {
			const method = knownMethod(deps, params.method);
			await deps.models.deprecations.deleteOne({ _id: method });
			await deps.deprecations.reload();
			return { status: 204 };
		},
	}),
];
