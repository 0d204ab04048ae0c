import { proxy } from 'valtio';
import {
  afterJoin,
  assumedCapabilities,
  type Capabilities,
  type ProbeOutcome,
  readProbe,
} from '../../protocol/capabilities';
import type { Dialect } from '../../protocol/dialect';
import { buildDefault, effectiveServer, isOwnOrigin, parseServerUrl } from '../server/server-url';

/** Where the player's choice of server is kept (docs/game.md, "Another server"). */
export const SERVER_STORAGE_KEY = 'broadside.server';

/** The build's default server (VITE_SERVER_URL); `''` is the page's own origin. */
export const DEFAULT_SERVER = buildDefault(import.meta.env.VITE_SERVER_URL);

export type Reach = 'checking' | 'reachable' | 'unreachable';

export interface ServerState {
  /** The player's choice (an origin), or null for the default. */
  chosen: string | null;
  /** What the server in use offers beyond the SPEC dialect (src/protocol/capabilities.ts decides). */
  capabilities: Capabilities;
  /** The last check of the server in use: on its way, answered, or nothing answered. */
  reach: Reach;
}

function pageOrigin(): string {
  return typeof location === 'undefined' ? '' : location.origin;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function assumedFor(server: string): Capabilities {
  return assumedCapabilities(isOwnOrigin(server, pageOrigin()));
}

export const serverStore = proxy<ServerState>({
  chosen: null,
  capabilities: assumedFor(DEFAULT_SERVER),
  reach: 'checking',
});

/** The origin every API call and socket of the page goes to; `''` for the page's own. */
export function serverUrl(): string {
  return effectiveServer(serverStore.chosen, DEFAULT_SERVER);
}

/** The address to show: the origin in use, the page's own spelled out. */
export function serverLabel(server: string = serverUrl()): string {
  return server === '' ? pageOrigin() : server;
}

/** Reads the remembered choice at start; one that no longer reads is forgotten. */
export function loadServerChoice(): void {
  const stored = storage()?.getItem(SERVER_STORAGE_KEY) ?? null;
  const parsed = stored === null ? null : parseServerUrl(stored);
  const chosen = parsed?.ok && parsed.url !== '' ? parsed.url : null;
  if (stored !== null && chosen === null) storage()?.removeItem(SERVER_STORAGE_KEY);
  serverStore.chosen = chosen;
  serverStore.capabilities = assumedFor(serverUrl());
  serverStore.reach = 'checking';
}

/**
 * Uses `server` from now on (null: back to the default) and remembers it. True when the server in
 * use changed: what was known of the previous one no longer holds.
 */
export function chooseServer(server: string | null): boolean {
  const before = serverUrl();
  const chosen = server === null || server === DEFAULT_SERVER ? null : server;
  if (chosen === null) storage()?.removeItem(SERVER_STORAGE_KEY);
  else storage()?.setItem(SERVER_STORAGE_KEY, chosen);
  serverStore.chosen = chosen;
  if (serverUrl() === before) return false;
  serverStore.capabilities = assumedFor(serverUrl());
  serverStore.reach = 'checking';
  return true;
}

/** The probe's answer for `server`; ignored when the player has moved to another server since. */
export function applyProbe(server: string, outcome: ProbeOutcome): void {
  if (server !== serverUrl()) return;
  const read = readProbe(outcome);
  serverStore.reach = read ? 'reachable' : 'unreachable';
  if (read) serverStore.capabilities = read;
}

/** A room's join answer named the dialect: a SPEC answer hides what the server cannot do. */
export function noteDialect(dialect: Dialect | null): void {
  serverStore.capabilities = afterJoin(serverStore.capabilities, dialect);
}
