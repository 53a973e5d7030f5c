/** Next value of a named integer sequence: one atomic upsert, so parallel callers never share an ID. */
import type { Models } from '../models';
import { isDuplicateKeyError } from './duplicate-key';

export async function nextSequence(models: Models, name: string): Promise<number> {
	const increment = () =>
		models.counters.findOneAndUpdate({ _id: name }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' }).lean();
	try {
		return (await increment()).seq;
	} catch (error) {
		// Two first-ever upserts can race on a real MongoDB; the loser retries as a plain increment.
		if (!isDuplicateKeyError(error)) throw error;
		return (await increment()).seq;
	}
}
