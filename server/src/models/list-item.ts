/**
 * A record (item) of a list. `values` maps a field slug to its value; slugs are checked by the slug charset
 * (no `.` or `$`), so `values.<slug>` is always a safe path for erasing one field in every record.
 */
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

const listItemSchema = new Schema(
	{
		listId: { type: Schema.Types.ObjectId, required: true },
		values: { type: Schema.Types.Mixed, default: {} },
	},
	// `minimize: false` keeps `values: {}` an object, so `$unset` of `values.<slug>` always has an object to act on.
	{ timestamps: true, versionKey: false, minimize: false },
);

// A list's items in ID order (getListItems' default order, its counts and filters start here; §12.4), and every
// write's lookup by list.
listItemSchema.index({ listId: 1, _id: 1 });

export type ListItemDoc = InferSchemaType<typeof listItemSchema> & { _id: Types.ObjectId; values: Record<string, unknown> };

export const listItemModel = (db: Connection) => db.model('ListItem', listItemSchema, 'list_items');
