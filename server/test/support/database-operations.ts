/** What the server asks of its database, observed through mongoose's debug hook (the app runs in this process). */
import mongoose from 'mongoose';

/** How many operations mongoose sends on `collection` while `work` runs. */
export async function countOperations(collection: string, work: () => Promise<unknown>): Promise<number> {
	let count = 0;
	mongoose.set('debug', (name: string) => {
		if (name === collection) count++;
	});
	try {
		await work();
	} finally {
		mongoose.set('debug', false);
	}
	return count;
}
