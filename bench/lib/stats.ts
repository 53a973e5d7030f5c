/** Medians and the table's number formats. */

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const fmt = (value: number, digits = 0) =>
	value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;

export function table(header: string[], rows: Array<Array<string | number>>, align: string[]): string {
	return [row(header), row(align), ...rows.map(row)].join('\n');
}
