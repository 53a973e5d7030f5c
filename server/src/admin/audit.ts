/** Reading the audit trail: page by page, newest first, or all of it as a download (NDJSON or CSV). */
import { z } from 'zod';
import type { AuditEntryDoc } from '../models/audit-entry';
import { AUDIT_SOURCES } from '../models/audit-entry';
import { pageFrom, pageOf, pageQuery, readPage } from './paging';
import { adminRoute } from './route';

const auditEntryJson = z
	.object({
		id: z.string(),
		at: z.string().meta({ description: 'ISO 8601, UTC.' }),
		action: z.string().meta({ description: 'The admin route, by the name the API reference gives it: `createUser`, ...' }),
		target_type: z
			.string()
			.meta({ description: '`users`, `projects`, `bots`, `contacts`, `contact-accounts` (`accounts` before), `lists`, ...' }),
		target_id: z.string().nullable(),
		remote_addr: z.string().nullable(),
		via: z.enum(AUDIT_SOURCES).meta({ description: '`api` (the bearer token) or `console` (a console session).' }),
	})
	.meta({ id: 'AdminAuditEntry' });

function presentEntry(entry: AuditEntryDoc): z.output<typeof auditEntryJson> {
	return {
		id: entry._id.toHexString(),
		at: entry.at.toISOString(),
		action: entry.action,
		target_type: entry.targetType,
		target_id: entry.targetId ?? null,
		remote_addr: entry.remoteAddr ?? null,
		via: entry.via,
	};
}

const filterQuery = z.object({
	action: z.string().max(100).nullish().meta({ description: 'Only entries of this action.' }),
	target_type: z.string().max(100).nullish().meta({ description: 'Only entries on this kind of object.' }),
});

/**
 * Names that entries recorded before a route was renamed carry (the contact-account routes were `blockAccount` on
 * `accounts`). A filter by either name finds the entries of both, so the trail reads as one.
 */
const RENAMED: ReadonlyArray<readonly [current: string, former: string]> = [
	['blockContactAccount', 'blockAccount'],
	['unblockContactAccount', 'unblockAccount'],
	['contact-accounts', 'accounts'],
];

const namesOf = (name: string) => {
	const pair = RENAMED.find((names) => names.includes(name));
	return { $in: pair === undefined ? [name] : [...pair] };
};

const filterOf = (query: z.output<typeof filterQuery>) => ({
	...(query.action ? { action: namesOf(query.action) } : {}),
	...(query.target_type ? { targetType: namesOf(query.target_type) } : {}),
});

/** The most an export holds, newest first: the trail of years of ordinary use, in a few megabytes. */
export const MAX_EXPORTED = 100_000;

const CSV_COLUMNS = ['id', 'at', 'action', 'target_type', 'target_id', 'remote_addr', 'via'] as const;

/** RFC 4180, and a leading `=`, `+`, `-` or `@` quoted away so that a spreadsheet does not run it as a formula. */
function csvCell(value: string | null): string {
	if (value === null) return '';
	const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
	return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const auditRoutes = [
	adminRoute({
		name: 'getAuditEntries',
		verb: 'get',
		path: '/audit',
		summary: 'The audit trail, newest first, a page at a time: every change made through the admin API or the console.',
		query: pageQuery.extend(filterQuery.shape),
		success: [{ status: 200, when: 'A page of the trail.', body: pageOf(auditEntryJson) }],
		refusals: [],
		async handle({ deps: { models }, query }) {
			const page = pageFrom(query);
			const filter = filterOf(query);
			const [entries, total] = await readPage<AuditEntryDoc>(models.auditEntries, filter, page, { sort: { at: -1, _id: -1 } });
			return { status: 200, body: page.envelope(entries.map(presentEntry), total) };
		},
	}),
	adminRoute({
		name: 'exportAuditEntries',
		verb: 'get',
		path: '/audit/export',
		summary: `The audit trail as a file, newest first (at most ${MAX_EXPORTED} entries): NDJSON (one entry a line) or CSV.`,
		query: filterQuery.extend({
			format: z.enum(['ndjson', 'csv']).default('ndjson').meta({ description: '`ndjson` (the default) or `csv`.' }),
		}),
		success: [
			{
				status: 200,
				when: 'The file, as an attachment: `audit.ndjson` (`application/x-ndjson`) or `audit.csv` (`text/csv`).',
				mediaType: 'application/x-ndjson',
				body: auditEntryJson,
			},
		],
		refusals: [],
		async handle({ deps: { models }, query }) {
			const entries = await models.auditEntries
				.find(filterOf(query))
				.sort({ at: -1, _id: -1 })
				.limit(MAX_EXPORTED)
				.lean<AuditEntryDoc[]>();
			const rows = entries.map(presentEntry);
			if (query.format === 'csv') {
				const lines = [CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((column) => csvCell(row[column])).join(','))];
				return { status: 200, file: { contentType: 'text/csv', name: 'audit.csv', text: `${lines.join('\r\n')}\r\n` } };
			}
			const text = rows.map((row) => `${JSON.stringify(row)}\n`).join('');
			return { status: 200, file: { contentType: 'application/x-ndjson', name: 'audit.ndjson', text } };
		},
	}),
];
