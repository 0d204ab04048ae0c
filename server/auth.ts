import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';
import { type Title, type TokenPayload, TokenPayloadSchema } from '../src/protocol';

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: the OWASP baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** JWT_SECRET when given, otherwise a secret generated once and kept in the data directory. */
export function loadSecret(dataDir: string, fromEnv: string | null): string {
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export interface Identity {
  readonly id: string;
  readonly username: string;
  /** `BOT` for a bot account, read from the database at every session check (never from the token). */
  readonly title?: Title | null;
}

/** What a valid token says, beyond who: when it was issued and when it expires (epoch ms). */
export interface VerifiedToken extends Identity {
  readonly issuedAt: number;
  readonly expiresAt: number;
}

export interface Tokens {
  sign(identity: Identity): string;
  /** The identity in a valid, unexpired token, or null. Revocation is checked by sessions.ts. */
  verify(token: string): VerifiedToken | null;
}

/**
 * `ims` is the issue time in milliseconds: "log out everywhere" refuses the tokens issued before
 * it, and `iat` (seconds) cannot tell a token issued just before from one issued just after.
 */
const SignedPayloadSchema = TokenPayloadSchema.extend({ ims: z.number().int().optional() });

export function createTokens(secret: string, ttlSeconds: number): Tokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  return {
    sign: (identity) => signer({ id: identity.id, username: identity.username, sub: identity.id, ims: Date.now() }),
    verify: (token) => {
      try {
        const parsed = SignedPayloadSchema.safeParse(verifier(token));
        if (!parsed.success) return null;
        const { id, username, iat, exp, ims } = parsed.data;
        return { id, username, issuedAt: ims ?? iat * 1000, expiresAt: exp * 1000 };
      } catch {
        return null;
      }
    },
  };
}

/** The name a token is revoked under: its SHA-256, so the revocation list holds no usable token. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export type { TokenPayload };

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
