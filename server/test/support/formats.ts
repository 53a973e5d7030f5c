/** Formats the spec fixes. "ISO 8601 with offset" (§2.1, §2.3): an explicit `±hh:mm`, not `Z`. */
export const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/;
