/** Deprecating an API method with a sunset date (§9), and taking the deprecation back. */
import { Router } from 'express';
import { z } from 'zod';
import { ApiError } from '../http/errors';
import { validate } from '../http/validation';
import type { Models } from '../models';
import { adminBody, adminRoute } from './route';

const deprecationInput = z.object({ sunset: z.iso.datetime({ offset: true }) });

export function deprecationsAdmin(models: Models, methodNames: ReadonlySet<string>): Router {
	const router = Router();

	const knownMethod = (name: string) => {
		if (!methodNames.has(name)) throw new ApiError(404, { error: `Unknown method ${name}.` });
		return name;
	};

	router.put(
		'/deprecations/:method',
		adminRoute(async (req) => {
			const method = knownMethod(req.params.method as string);
			const { sunset } = validate(deprecationInput, adminBody(req), 'en');
			const saved = await models.deprecations
				.findOneAndUpdate({ _id: method }, { $set: { sunset: new Date(sunset) } }, { upsert: true, returnDocument: 'after' })
				.lean();
			return { status: 200, body: { data: { method, sunset: saved.sunset.toISOString() } } };
		}),
	);

	router.delete(
		'/deprecations/:method',
		adminRoute(async (req) => {
			const method = knownMethod(req.params.method as string);
			await models.deprecations.deleteOne({ _id: method });
			return { status: 204 };
		}),
	);

	return router;
}
