/**
 * An account of the platform: the key holder. The API key is stored only as a SHA-256 hash. The account's rate
 * window (§8) lives here too, so that the key lookup of every API call counts the call in the same command
 * (`domain/access/rate-window.ts`).
 */
import { Schema, type Connection, type InferSchemaType, type mongo } from 'mongoose';

export const PLANS = ['pro', 'free'] as const;
export type Plan = (typeof PLANS)[number];

const userSchema = new Schema(
	{
		name: { type: String, required: true },
		email: { type: String, required: true, unique: true },
		plan: { type: String, enum: PLANS, required: true, default: 'pro' },
		blocked: { type: Boolean, required: true, default: false },
		apiKeyHash: { type: String, required: true, unique: true },
		// Absent until the first API call; written only by the key lookup, with the driver (no mongoose timestamps).
		rateWindow: {
			type: new Schema({ endsAt: { type: Date, required: true }, calls: { type: Number, required: true } }, { _id: false }),
			required: false,
		},
	},
	{ timestamps: true, versionKey: false },
);

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: import('mongoose').Types.ObjectId };

export const userModel = (db: Connection) => db.model('User', userSchema, 'users');

/**
 * The users collection for the driver's own calls, with the stored shape as its type: the API's key lookup
 * (`domain/access/authenticate.ts`), which runs on every call, skips mongoose's query building and casting.
 */
export const usersCollection = (model: ReturnType<typeof userModel>) => model.collection as unknown as mongo.Collection<UserDoc>;
