/**
 * One change made through the admin API or the console: what was done (the admin route's name), to which object,
 * when and from which address. Never a body, a key or a token. Kept through a test-double reset (`seed/apply.ts`),
 * which is itself a change worth recording.
 */
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

export const AUDIT_SOURCES = ['api', 'console'] as const;

const auditEntrySchema = new Schema(
	{
		at: { type: Date, required: true },
		/** The admin route's name: `createUser`, `blockAccount`, `reset`, ... */
		action: { type: String, required: true },
		/** The first segment of the route's path: `users`, `accounts`, `faults`, ... */
		targetType: { type: String, required: true },
		/** The object's ID (path parameter, or the ID of what was created); null for routes on a whole collection. */
		targetId: { type: String, default: null },
		remoteAddr: { type: String, default: null },
		/** Whether the change came with the bearer token (`api`) or through a console session (`console`). */
		via: { type: String, enum: AUDIT_SOURCES, required: true },
	},
	{ versionKey: false },
);

// Newest first, page by page.
auditEntrySchema.index({ at: -1, _id: -1 });

export type AuditEntryDoc = InferSchemaType<typeof auditEntrySchema> & { _id: Types.ObjectId };

export const auditEntryModel = (db: Connection) => db.model('AuditEntry', auditEntrySchema, 'audit_entries');
