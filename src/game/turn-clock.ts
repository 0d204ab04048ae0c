/*
 * The turn clock's lengths a room may be created with (null: no clock). A module of its own: Home's
 * clock choice reads it at first paint, and from game.ts it brought the whole engine (boards,
 * views, replay) into the first load (tests/e2e/first-load-size.spec.ts; vite.config.ts).
 */
export const TURN_SECONDS = [30, 60] as const;
export type TurnSeconds = (typeof TURN_SECONDS)[number];
