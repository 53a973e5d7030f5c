/** The account a rule runs for: the holder of the API key (§5). Rules need only its ID. */
import type { Types } from 'mongoose';

export interface Caller {
	_id: Types.ObjectId;
}
