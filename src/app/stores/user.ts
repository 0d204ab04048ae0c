import { jwtDecode } from 'jwt-decode';

/** docs/game.md, In the browser: the user as stored locally, decoded from the login token. */
export interface User {
  readonly id: string;
  readonly username: string;
  readonly access_token: string;
}

interface TokenClaims {
  readonly id?: unknown;
  readonly username?: unknown;
  readonly exp?: unknown;
}

/** Decodes the access token; null when it is malformed, lacks id/username or has expired. */
export function userFromToken(token: string, nowMs: number = Date.now()): User | null {
  let claims: TokenClaims;
  try {
    claims = jwtDecode<TokenClaims>(token);
  } catch {
    return null;
  }
  if (typeof claims.id !== 'string' || typeof claims.username !== 'string') return null;
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= nowMs) return null;
  return { id: claims.id, username: claims.username, access_token: token };
}

/** Reads a stored user back; a stale or tampered entry counts as no user. */
export function parseStoredUser(raw: string | null, nowMs: number = Date.now()): User | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || !('access_token' in value)) return null;
  const token = value.access_token;
  return typeof token === 'string' ? userFromToken(token, nowMs) : null;
}
