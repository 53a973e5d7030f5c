/** Pages of the admin API's lists: `?page=&per_page=`, answered as `{data, meta: {page, per_page, total, last_page}}`. */
import type { Model } from 'mongoose';
import { z } from 'zod';
import { integer, text } from '../contract/kit/validation';

export const MAX_PER_PAGE = 200;

export const pageQuery = z.object({
	page: integer({ min: 1, max: 1_000_000 }).nullish().meta({ description: 'From 1 (the default).' }),
	per_page: integer({ min: 1, max: MAX_PER_PAGE })
		.nullish()
		.meta({ description: `1 to ${MAX_PER_PAGE}; 50 by default.` }),
});

/** `search=`: a part of a name, e-mail, phone number or messenger ID, case-insensitive. */
export const searchParam = () => text(100).nullish().meta({ description: 'A part of the text looked for, any case.' });

export const pageOf = <T extends z.ZodType>(item: T) =>
	z.object({
		data: z.array(item),
		meta: z.object({
			page: z.int().min(1),
			per_page: z.int().min(1),
			total: z.int().min(0),
			last_page: z.int().min(1),
		}),
	});

export interface Page {
	skip: number;
	limit: number;
	/** The envelope of the page's items, given the total count. */
	envelope<T>(
		data: T[],
		total: number,
	): { data: T[]; meta: { page: number; per_page: number; total: number; last_page: number } };
}

export function pageFrom(query: z.output<typeof pageQuery>): Page {
	const page = query.page ?? 1;
	const perPage = query.per_page ?? 50;
	return {
		skip: (page - 1) * perPage,
		limit: perPage,
		envelope: (data, total) => ({
			data,
			meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
		}),
	};
}

/** A regular expression matching `text` literally, anywhere, any case. */
export function containing(text: string): RegExp {
	return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

/** The page's documents matching `filter`, newest first unless `sort` says otherwise, and how many match in all. */
export function readPage<T>(
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any collection's model
	model: Model<any>,
	filter: Record<string, unknown>,
	page: Page,
	{ sort = { _id: -1 }, projection }: { sort?: Record<string, 1 | -1>; projection?: Record<string, 0> } = {},
): Promise<[T[], number]> {
	return Promise.all([
		model.find(filter, projection).sort(sort).skip(page.skip).limit(page.limit).lean<T[]>(),
		model.countDocuments(filter),
	]);
}
