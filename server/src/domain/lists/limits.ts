/** Limits of lists (§4.3, §4.5, §8). */

/** A project holds at most this many lists (§4.5); creating one more is refused. */
export const LISTS_PER_PROJECT = 5000;

/** getListSchemas pages are this size, fixed (§4.3). */
export const LISTS_PER_PAGE = 50;
