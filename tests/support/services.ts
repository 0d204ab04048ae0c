import { TEST_DATABASE_URL_VARIABLE } from './databases';
import { redisServerPath } from './redis';

/**
 * Which suites this machine cannot run, and why: `npm test` prints these lines instead of
 * failing where PostgreSQL or redis-server is missing (`.ci/run` installs both and runs them all).
 */
export function skippedSuites(env: NodeJS.ProcessEnv = process.env): string[] {
  const skipped: string[] = [];
  if (!env[TEST_DATABASE_URL_VARIABLE]) {
    skipped.push(
      `integration-pg (the whole integration suite on PostgreSQL): ${TEST_DATABASE_URL_VARIABLE} is not set ` +
        '(a postgres:// URL of a role that may create databases; .ci/run starts PostgreSQL and sets it)',
    );
  }
  if (!redisServerPath()) {
    skipped.push('Redis tests (Socket.IO adapter, shared rate limits): redis-server is not installed');
  }
  return skipped;
}

export function skippedSuitesNotice(env: NodeJS.ProcessEnv = process.env): string | null {
  const skipped = skippedSuites(env);
  return skipped.length ? `SKIPPED SUITES on this machine:\n${skipped.map((line) => `  - ${line}`).join('\n')}` : null;
}
