import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, expect, it } from 'vitest';
import { i18nReady, loadTexts } from '../../../src/app/i18n/setup';
import ResetPasswordPage from '../../../src/app/pages/ResetPasswordPage';
import { loadServerChoice, serverStore } from '../../../src/app/stores/server';
import { BROADSIDE_CAPABILITIES } from '../../../src/protocol/capabilities';

afterEach(() => {
  cleanup();
  loadServerChoice();
  history.replaceState(null, '', '/');
});

await Promise.all([i18nReady, loadTexts('later')]);

/** Another part of the screen, still loading until `load.done`: React suspends the render around it. */
function StillLoading({ load }: { load: { done: boolean; promise: Promise<void> } }) {
  if (!load.done) throw load.promise;
  return null;
}

/*
 * The page opened from the e-mail's link (`/reset-password#token=…`, docs/game.md, "Your account").
 * React may render a page and drop that render before showing it, while another part of the same
 * screen is still loading; the token read then must still be there for the render it shows.
 */
it("keeps the link's token through a render React drops, and takes it out of the address bar once shown", async () => {
  serverStore.capabilities = { ...BROADSIDE_CAPABILITIES, source: 'probe' };
  serverStore.reach = 'reachable';
  history.replaceState(null, '', '/reset-password#token=a-token-from-the-mail');
  let finishLoading = () => {};
  const load = {
    done: false,
    promise: new Promise<void>((resolve) => {
      finishLoading = () => {
        load.done = true;
        resolve();
      };
    }),
  };
  render(
    <Suspense fallback={<p>loading</p>}>
      <ResetPasswordPage />
      <StillLoading load={load} />
    </Suspense>,
  );
  expect(screen.getByText('loading')).toBeTruthy();
  await act(async () => finishLoading());
  expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
  expect(location.pathname + location.hash).toBe('/reset-password');
});
