import { test as base } from '@playwright/test';

export * from '@playwright/test';

/*
 * The browser tests' `test`: the same as Playwright's, and each test closes the browser contexts it
 * opened with `browser.newContext()` when it ends, pass or fail. Playwright closes only the contexts
 * of its own `context`/`page` fixtures; the others would live on in the one worker's browser, every
 * page in them still running its stage and its sockets, for the rest of the run.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
