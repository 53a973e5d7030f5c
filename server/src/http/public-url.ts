/** The base URL clients see: PUBLIC_URL when set, else the request's own scheme and Host. */
import type { Request } from 'express';
import type { Config } from '../config';

export function publicBase(req: Request, config: Config): string {
	return config.publicUrl ?? `${req.protocol}://${req.get('host') ?? `${config.host}:${config.port}`}`;
}
