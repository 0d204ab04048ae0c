import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { createSigner, createVerifier } from 'fast-jwt';
import { type TokenPayload, TokenPayloadSchema } from '../src/protocol';

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
}

export interface Tokens {
  sign(identity: Identity): string;
  /** The identity in a valid, unexpired token, or null. */
  verify(token: string): Identity | null;
}

export function createTokens(secret: string, ttlSeconds: number): Tokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  return {
    sign: (identity) => signer({ id: identity.id, username: identity.username, sub: identity.id }),
    verify: (token) => {
      try {
        const parsed = TokenPayloadSchema.safeParse(verifier(token));
        return parsed.success ? { id: parsed.data.id, username: parsed.data.username } : null;
      } catch {
        return null;
      }
    },
  };
}

export type { TokenPayload };

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Who sent a request, from its `Authorization: Bearer` header; null without a valid token. */
export function requestIdentity(tokens: Tokens, header: string | undefined): Identity | null {
  const token = bearerToken(header);
  return token ? tokens.verify(token) : null;
}
