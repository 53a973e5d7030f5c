/** Named integer sequences, for the integer IDs the API exposes (bots, contacts, accounts). */
import { Schema, type Connection } from 'mongoose';

const counterSchema = new Schema(
	{ _id: { type: String, required: true }, seq: { type: Number, required: true } },
	{ versionKey: false },
);

export const counterModel = (db: Connection) => db.model('Counter', counterSchema, 'counters');
