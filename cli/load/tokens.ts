import { readFileSync } from 'node:fs';
import { type Account, accountOfToken } from '../session';
import { CliError } from '../errors';
import { MissingAccountError } from './auth';
import type { Share } from './drive';

/**
 * `broadside load --tokens FILE`: access tokens of accounts that already exist, one a line. Games
 * take their players from them instead of signing accounts up and logging them in, so a large run
 * measures games rather than argon2id hashing (each sign-up and login costs one hash).
 */
export function readTokens(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read --tokens ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const tokens = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (tokens.length < 2) throw new CliError(`--tokens ${file} holds ${tokens.length} token(s): a game needs two`);
  return tokens;
}

/**
 * The accounts of worker `share`: every `of`-th token from its index, so workers never share an
 * account. Running out is a failed game (NO_ACCOUNT), never a silent sign-up.
 */
export function tokenAccounts(server: string, tokens: readonly string[], share: Share): () => Promise<Account> {
  let next = share.index;
  return async () => {
    const token = tokens[next];
    if (token === undefined) throw new MissingAccountError(next);
    next += share.of;
    return accountOfToken(server, token);
  };
}
