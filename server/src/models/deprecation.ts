/** A deprecated API method and its switch-off date (§9). `_id` is the method name. */
import { Schema, type Connection } from 'mongoose';

const deprecationSchema = new Schema(
	{ _id: { type: String, required: true }, sunset: { type: Date, required: true } },
	{ versionKey: false },
);

export const deprecationModel = (db: Connection) => db.model('Deprecation', deprecationSchema, 'deprecations');
