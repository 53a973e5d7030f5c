/**
 * Versioning (§9): a deprecated method keeps working with `Deprecation: true` and `Sunset` headers until its
 * switch-off date, then answers 410 `method_removed`. Deprecations are read from the database on every call,
 * so a change made through the admin API applies at once on every instance.
 */
import type { Response } from 'express';
import type { Models } from '../models';
import { ApiError } from './errors';

export async function applyDeprecation(models: Models, method: string, res: Response, now = new Date()): Promise<void> {
	const deprecation = await models.deprecations.findById(method).lean();
	if (!deprecation) return;
	if (deprecation.sunset.getTime() <= now.getTime()) {
		throw new ApiError(410, {
			error: `The method ${method} was switched off on ${deprecation.sunset.toISOString()}.`,
			code: 'method_removed',
		});
	}
	res.setHeader('Deprecation', 'true');
	res.setHeader('Sunset', deprecation.sunset.toUTCString());
}
