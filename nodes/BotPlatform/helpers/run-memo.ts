/**
 * What one run of the node reads once for all its items, such as a list's fields: made by `execute()` for one run
 * and dropped with it, so the next run reads again and sees a list changed in between.
 */
export class RunMemo {
	private readonly values = new Map<string, unknown>();

	/**
	 * The value under `key`, read by `read` the first time. A failed read is not kept: the next item reads again,
	 * so each item's error carries its own index, as without the memo.
	 */
	async once<T>(key: string, read: () => Promise<T>): Promise<T> {
		if (this.values.has(key)) return this.values.get(key) as T;
		const value = await read();
		this.values.set(key, value);
		return value;
	}
}
