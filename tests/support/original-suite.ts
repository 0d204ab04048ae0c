import { afterAll, beforeAll } from 'vitest';
import { type OriginalServer, prepareOriginal, startOriginalServer } from './original';

/* Kept apart from original.ts, which the Playwright specs import too: this one needs vitest. */

/**
 * The original server started before the suite's tests (after `prepare`, e.g. another build) and
 * stopped after them; read `server` inside a test. Call it inside `describe.skipIf(interopSkipReason()
 * !== null)`, which skips the hooks too where the original cannot run.
 */
export function originalServerForSuite(prepare: () => void = () => undefined): { readonly server: OriginalServer } {
  let started: OriginalServer | undefined;
  beforeAll(async () => {
    prepare();
    started = await startOriginalServer(prepareOriginal());
  }, 900_000);
  afterAll(async () => {
    await started?.stop();
  });
  return {
    get server() {
      if (!started) throw new Error('the original server is not started yet');
      return started;
    },
  };
}
