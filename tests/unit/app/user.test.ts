import { describe, expect, it } from 'vitest';
import { parseStoredUser, userFromToken } from '../../../src/app/stores/user';
import { fakeToken } from './tokens';

const NOW = Date.UTC(2026, 0, 1);
const valid = fakeToken({ id: 'u1', username: 'alice', sub: 'u1', iat: NOW / 1000, exp: NOW / 1000 + 60 });

describe('user decoded from the access token (docs/game.md, In the browser)', () => {
  it('keeps id, username and the token', () => {
    expect(userFromToken(valid, NOW)).toEqual({ id: 'u1', username: 'alice', access_token: valid });
  });

  it('refuses a malformed token, missing claims and an expired token', () => {
    expect(userFromToken('not-a-jwt', NOW)).toBeNull();
    expect(userFromToken(fakeToken({ username: 'alice' }), NOW)).toBeNull();
    expect(userFromToken(fakeToken({ id: 'u1', username: 'alice', exp: NOW / 1000 - 1 }), NOW)).toBeNull();
  });

  it('reads a stored user back through its token', () => {
    expect(parseStoredUser(JSON.stringify({ id: 'x', username: 'forged', access_token: valid }), NOW)).toEqual({
      id: 'u1',
      username: 'alice',
      access_token: valid,
    });
    expect(parseStoredUser(null, NOW)).toBeNull();
    expect(parseStoredUser('{', NOW)).toBeNull();
    expect(parseStoredUser('{"id":"u1"}', NOW)).toBeNull();
  });
});
