/** What the lists tests split from lists-read.test.ts share. */

export const TITLE = { name: 'Title', slug: 'title', type: 'string' };
