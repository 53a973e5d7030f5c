/** Bounds of tags (§10.1, §14.4): names as §4.16 writes them; the number per bot keeps its document small. */
export const MAX_TAG_NAME = 255;

/** Tags one bot may define: 5000 names of up to 255 characters stay near a megabyte in one document. */
export const MAX_TAGS_PER_BOT = 5000;

/** Tag IDs are `botId * TAG_ID_STRIDE + n`: unique across bots, and a tag ID names its bot without a read. */
export const TAG_ID_STRIDE = 100_000;

export const botOfTagId = (tagId: number) => Math.floor(tagId / TAG_ID_STRIDE);
