/** An account of the platform: the key holder. The API key is stored only as a SHA-256 hash. */
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const PLANS = ['pro', 'free'] as const;
export type Plan = (typeof PLANS)[number];

const userSchema = new Schema(
	{
		name: { type: String, required: true },
		email: { type: String, required: true, unique: true },
		plan: { type: String, enum: PLANS, required: true, default: 'pro' },
		blocked: { type: Boolean, required: true, default: false },
		apiKeyHash: { type: String, required: true, unique: true },
	},
	{ timestamps: true, versionKey: false },
);

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: import('mongoose').Types.ObjectId };

export const userModel = (db: Connection) => db.model('User', userSchema, 'users');
