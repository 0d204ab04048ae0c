import { cleanup, render, type RenderResult, waitFor } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { loadLanguage, loadTexts } from '../../../src/app/i18n/setup';
import { LANGUAGES } from '../../../src/app/i18n/languages';
import { App } from '../../../src/app/App';
import { authStore, logIn, logOut } from '../../../src/app/stores/auth';
import { clearErrors } from '../../../src/app/stores/banner';
import { gameStore } from '../../../src/app/stores/game';
import { preferencesStore } from '../../../src/app/stores/preferences';
import { returnPathStore } from '../../../src/app/stores/return-path';
import { tokenFor } from './tokens';

// Every text of both languages at once: tests render components outside their lazy pages and switch
// languages (a page loads its reader's language, and the later part with a lazy page).
await loadTexts('later');
await Promise.all(LANGUAGES.map(loadLanguage));

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

export interface RenderedApp extends RenderResult {
  /** The current path, as wouter sees it. */
  path(): string;
  navigate(to: string): void;
}

/** Renders the whole shell at `path`, in English, with fresh stores. */
export function renderApp(path: string, options: { user?: string } = {}): RenderedApp {
  clearErrors();
  returnPathStore.path = null;
  preferencesStore.language = 'en';
  preferencesStore.theme = 'dark';
  preferencesStore.muted = false;
  logOut();
  if (options.user) logIn(tokenFor(options.user));
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App />
    </Router>,
  );
  return {
    ...result,
    path: () => location.history?.at(-1)?.split('?')[0] ?? path,
    navigate: (to: string) => location.navigate(to),
  };
}

export { authStore };

/** A fetch stub answering the HTTP API with canned responses, recording the calls. */
export function fakeApi(
  routes: Record<
    string,
    (body: unknown) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>
  >,
) {
  const calls: { path: string; body: unknown; authorization: string | null }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input);
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const headers = new Headers(init?.headers);
    calls.push({ path, body, authorization: headers.get('authorization') });
    const route = routes[`${init?.method ?? 'GET'} ${path}`];
    if (!route) return new Response(JSON.stringify({ statusCode: 404, message: 'not found' }), { status: 404 });
    const answer = await route(body);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls, fetch: fetchStub };
}

/**
 * Waits until the room page has acquired its session. Its effect runs after the first paint, maybe
 * after the heading a test waits for, and starts the store afresh: a test's own store changes must
 * come after it, not be wiped by it.
 */
export async function roomAcquired(slug: string): Promise<void> {
  await waitFor(() => expect(gameStore.slug).toBe(slug), { timeout: 5000 });
}
