/**
 * Writing the audit trail: one entry for each change made through the admin API or the console, recorded by the
 * route runner (`route.ts`) once the change succeeded. What is recorded is named by the route, never read from the
 * body, so no key, token or other value sent or answered can end up in the trail.
 */
import type { Request } from 'express';
import type { Models } from '../models';
import type { AUDIT_SOURCES } from '../models/audit-entry';
import type { AdminResult, AdminRoute } from './route';

export type AuditSource = (typeof AUDIT_SOURCES)[number];

/** The ID of what a creation made: `data.id` or `data.uuid` of its answer. */
function createdId(result: AdminResult): string | null {
	const data = (result.body as { data?: Record<string, unknown> } | undefined)?.data;
	const id = data?.id ?? data?.uuid;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

export async function recordChange(
	models: Models,
	route: AdminRoute,
	req: Request,
	result: AdminResult,
	via: AuditSource,
): Promise<void> {
	const [firstParam] = Object.keys(route.params ?? {});
	await models.auditEntries.create({
		at: new Date(),
		action: route.name,
		targetType: route.path.split('/')[1],
		targetId: firstParam === undefined ? createdId(result) : String(req.params[firstParam]),
		remoteAddr: req.ip ?? req.socket.remoteAddress ?? null,
		via,
	});
}
