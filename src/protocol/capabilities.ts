import { BROADSIDE_PROTOCOL, type Dialect } from './dialect';

/*
 * What a server can do, as a client finds out (docs/protocol.md, "Capabilities"): a Broadside
 * server answers `GET /capabilities` with its dialect and features; the original server answers
 * 404 there and speaks the SPEC dialect only. Pure: the browser's stores and pages read the answer
 * through `featuresOf`, and nothing here touches the network or zod (it is part of the first paint).
 */

/** Everything beyond the SPEC dialect that a client shows only where the server offers it. */
export const FEATURES = [
  /** Who is connected, the absent opponent's countdown. */
  'presence',
  /** Turn clocks: chosen when creating a room, shown in play. */
  'clock',
  /** The /lobby namespace's queue. */
  'quickMatch',
  /** The /lobby namespace's list of public rooms waiting for a second player. */
  'openGames',
  /** Watching a game (watchRoom) and the audience count. */
  'spectators',
  /** Finished games, their replays and export. */
  'history',
  /** Ratings and the leaderboard. */
  'ratings',
  /** Games against the server's computer player. */
  'computer',
  /** Resigning in play. */
  'resign',
  /** Leaving a lobby before the start (with an answer), and who left. */
  'leave',
  /** Logout on the server, logout everywhere. */
  'sessions',
  /** The rooms a player belongs to (GET /users/me/games). */
  'gamesInProgress',
  /** The account's record (GET /users/me with games played and won). */
  'record',
  /** Rule variants chosen when creating a room (fleets, salvos, shooting again). */
  'rules',
  /** Blocking a player (POST and DELETE /users/:id/block). */
  'blocks',
  /** Finding players by the start of their username (GET /users/search). */
  'search',
  /** Your account as ours has it: changes confirmed with the current password, deletion, data export. */
  'account',
  /** "Forgot your password?": a link by e-mail (only where the operator set an SMTP server). */
  'passwordReset',
  /** Finished games graded move by move, the hint against the computer, a player's insights (docs/analysis.md). */
  'analysis',
  /** Chat beyond the SPEC dialect's: quick messages in each reader's language, the spectators' channel, mute, report, the lines beside a replay, and the moderators' page. */
  'moderation',
  /** Friends with their presence, challenges and direct messages, live on /lobby (docs/game.md, "Friends"). */
  'friends',
  /** Spectators read the players' chat as it is said, not only their own channel (an operator's choice: CHAT_SPECTATORS_READ_PLAYERS). */
  'spectatorsReadPlayers',
] as const;

export type Feature = (typeof FEATURES)[number];

export type ServerKind = 'broadside' | 'spec';

/** The answer of `GET /capabilities` on a Broadside server. */
export interface CapabilitiesBody {
  readonly protocol: typeof BROADSIDE_PROTOCOL;
  readonly features: readonly Feature[];
}

/** What the client knows about its server: which kind, which features. */
export interface Capabilities {
  readonly server: ServerKind;
  /** How it was found out: assumed before any answer, or from the probe / a join. */
  readonly source: 'assumed' | 'probe' | 'join';
  readonly features: Readonly<Record<Feature, boolean>>;
}

function allFeatures(on: boolean): Record<Feature, boolean> {
  return Object.fromEntries(FEATURES.map((f) => [f, on])) as Record<Feature, boolean>;
}

/** A Broadside server that offers everything (ours, before it answered; the answer of our server). */
export const BROADSIDE_CAPABILITIES: Capabilities = {
  server: 'broadside',
  source: 'assumed',
  features: allFeatures(true),
};

/** A server that speaks the SPEC dialect only (the original): nothing beyond it. */
export const SPEC_CAPABILITIES: Capabilities = { server: 'spec', source: 'assumed', features: allFeatures(false) };

/** The body a Broadside server answers on `GET /capabilities`. */
export function capabilitiesBody(features: readonly Feature[] = FEATURES): CapabilitiesBody {
  return { protocol: BROADSIDE_PROTOCOL, features: [...features] };
}

/**
 * Before the probe has answered: the page's own origin served this client, so it is a Broadside
 * server and nothing is hidden while the answer is on its way; another server is assumed to offer
 * nothing beyond SPEC until it says otherwise (no request it might not answer is sent meanwhile).
 */
export function assumedCapabilities(sameOrigin: boolean): Capabilities {
  return sameOrigin ? BROADSIDE_CAPABILITIES : SPEC_CAPABILITIES;
}

/** Outcome of the probe: the HTTP status and parsed body, or `unreachable` when no answer came. */
export type ProbeOutcome = { readonly status: number; readonly body: unknown } | 'unreachable';

/**
 * Reads the probe's answer. 200 naming `broadside/2` → the features it lists (unknown names are
 * ignored, so a newer server's list still reads). Any other answer from a server that answered
 * (404 from the original, 405, a page of HTML) → SPEC only. No answer → null: the caller keeps
 * what it assumed and tells the user the server cannot be reached.
 */
export function readProbe(outcome: ProbeOutcome): Capabilities | null {
  if (outcome === 'unreachable') return null;
  const { status, body } = outcome;
  if (status !== 200 || typeof body !== 'object' || body === null) return { ...SPEC_CAPABILITIES, source: 'probe' };
  const { protocol, features } = body as { protocol?: unknown; features?: unknown };
  if (protocol !== BROADSIDE_PROTOCOL || !Array.isArray(features)) return { ...SPEC_CAPABILITIES, source: 'probe' };
  const offered = allFeatures(false);
  for (const name of features) if (isFeature(name)) offered[name] = true;
  return { server: 'broadside', source: 'probe', features: offered };
}

function isFeature(name: unknown): name is Feature {
  return typeof name === 'string' && (FEATURES as readonly string[]).includes(name);
}

/**
 * A room's join answer tells the dialect for sure: a server that answers in the SPEC dialect to a
 * client that asked for broadside/2 offers nothing beyond it, whatever was assumed. A broadside/2
 * answer keeps what is known (the probe's list is the finer one).
 */
export function afterJoin(known: Capabilities, dialect: Dialect | null): Capabilities {
  if (dialect === 'spec' && known.server !== 'spec') return { ...SPEC_CAPABILITIES, source: 'join' };
  return known;
}

/** The members' marks as the start rule needs them. */
export interface StartMember {
  readonly userId: string;
  readonly isHost?: boolean;
}

/**
 * Whether `userId` is offered Start: where the server marks a host (`isHost`, the original), only
 * the host may start; where none is marked (ours), any member may (docs/protocol.md).
 */
export function mayStart(members: readonly StartMember[], userId: string): boolean {
  if (!members.some((m) => m.userId === userId)) return false;
  const hosts = members.filter((m) => m.isHost === true);
  return hosts.length === 0 || hosts.some((m) => m.userId === userId);
}

/** Which routes a client uses for friends and direct messages (docs/protocol.md, "Interoperability"). */
export type PeopleRoutes = 'broadside' | 'original' | null;

/**
 * Ours (`friends` listed: presence, challenges, live delivery on /lobby); the original's (a server
 * found to speak the SPEC dialect only — the probe's 404 or a join's answer — has the original's
 * `/friends` and `/messages` routes and nothing beyond them); or none (a Broadside server that does
 * not list `friends`, or a server not yet heard from).
 */
export function peopleRoutes(capabilities: Capabilities): PeopleRoutes {
  if (capabilities.features.friends) return 'broadside';
  if (capabilities.server === 'spec' && capabilities.source !== 'assumed') return 'original';
  return null;
}
