/** Bounds of contact variables (§14.9): names as §8's names, values as the admin API stores them. */
export const MAX_VARIABLE_NAME = 255;
export const MAX_VARIABLE_VALUE = 65_535;
/** Variables one contact may hold, as the admin API and seed files allow. */
export const MAX_VARIABLES_PER_CONTACT = 1000;
