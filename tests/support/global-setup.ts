import type { TestProject } from 'vitest/node';
import {
  checkTestServer,
  dropTestDatabases,
  newRunPrefix,
  TEST_DATABASE_PREFIX_VARIABLE,
  testsUsePostgres,
} from './databases';
import { skippedSuitesNotice } from './services';

/**
 * Global setup of the integration projects. On PostgreSQL: checks the server once (a clear error
 * instead of every test failing alike), names this run's databases, and drops any a test left
 * behind. Both projects end by saying which suites this machine skipped.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = testsUsePostgres() || project.config.env?.BROADSIDE_TEST_ENGINE === 'postgres';
  let prefix: string | null = null;
  if (postgres) {
    const version = await checkTestServer();
    prefix = newRunPrefix();
    process.env[TEST_DATABASE_PREFIX_VARIABLE] = prefix;
    console.log(`integration-pg: ${version}, databases ${prefix}*`);
  }
  return async () => {
    if (prefix) await dropTestDatabases(prefix);
    const notice = skippedSuitesNotice();
    if (notice && !postgres) console.log(`\n${notice}\n`);
  };
}
