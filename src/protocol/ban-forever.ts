/**
 * A ban with no end is stored as this epoch ms (the largest Date), shown as "until lifted". No zod
 * here: the login page, part of the app's first paint, reads it to word a banned login.
 */
export const BAN_FOREVER = 8_640_000_000_000_000;
