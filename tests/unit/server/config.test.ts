import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config';

describe('configFromEnv: storage, Redis and rate-limit settings', () => {
  it('has production defaults: SQLite, no Redis, limits on, no proxy trusted', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({
      databaseUrl: null,
      databasePoolSize: 10,
      redisUrl: null,
      trustProxy: false,
      loginFailuresPerAccount: 10,
      loginFailuresPerAddress: 50,
      loginFailureWindowSeconds: 900,
      signUpsPerAddress: 20,
      signUpWindowSeconds: 3600,
    });
  });

  it('reads PostgreSQL and Redis URLs, limits (0 = off) and every TRUST_PROXY form', () => {
    const config = configFromEnv({
      DATABASE_URL: 'postgres://u:p@db:5432/broadside',
      DATABASE_POOL_SIZE: '25',
      REDIS_URL: 'redis://cache:6379',
      SIGNUPS_PER_ADDRESS: '0',
      LOGIN_FAILURES_PER_ACCOUNT: '3',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
    });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/broadside');
    expect(config.databasePoolSize).toBe(25);
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.signUpsPerAddress).toBe(0);
    expect(config.loginFailuresPerAccount).toBe(3);
    expect(config.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(configFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(configFromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses a limit that is not a non-negative integer, naming the variable', () => {
    expect(() => configFromEnv({ LOGIN_FAILURES_PER_ADDRESS: 'many' })).toThrow('LOGIN_FAILURES_PER_ADDRESS');
    expect(() => configFromEnv({ SIGNUP_WINDOW_SECONDS: '-5' })).toThrow('SIGNUP_WINDOW_SECONDS');
  });
});

describe('configFromEnv: who reads the chat', () => {
  it('keeps the players’ chat from spectators unless CHAT_SPECTATORS_READ_PLAYERS is 1 or true', () => {
    expect(configFromEnv({}).chatSpectatorsReadPlayers).toBe(false);
    expect(configFromEnv({ CHAT_SPECTATORS_READ_PLAYERS: '0' }).chatSpectatorsReadPlayers).toBe(false);
    expect(configFromEnv({ CHAT_SPECTATORS_READ_PLAYERS: '1' }).chatSpectatorsReadPlayers).toBe(true);
    expect(configFromEnv({ CHAT_SPECTATORS_READ_PLAYERS: 'true' }).chatSpectatorsReadPlayers).toBe(true);
  });
});
