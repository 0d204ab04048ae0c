import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bannerStore } from '../../../src/app/stores/banner';
import { loadServerChoice } from '../../../src/app/stores/server';
import { fakeApi, renderApp } from './render-app';

/* Who may challenge you (Your account) and editing one's own direct message, in the shell against a
 * stubbed API: what each asks the server and shows. The server's side is the integration tests'. */

afterEach(() => {
  vi.unstubAllGlobals();
  loadServerChoice();
});

const ok = (body: unknown) => () => ({ status: 200, body });
const ME = ok({ id: 'id-alice', username: 'alice', email: 'alice@example.test', gamesPlayed: 0, gamesWon: 0 });
const user = (name: string) => ({ id: `id-${name}`, username: name, creation_date: '2026-03-14T09:26:53.589Z' });
const message = (id: string, from: string, to: string, text: string, edited: string | null = null) => ({
  id,
  message: text,
  deleted: false,
  sender: user(from),
  receiver: user(to),
  creation_date: '2026-12-01T10:00:00.000Z',
  edited_date: edited,
  read_date: null,
});

describe('who may challenge you', () => {
  it('shows the saved choice, saves a new one as it is picked, and puts it back when refused', async () => {
    let refuse = false;
    const api = fakeApi({
      'GET /users/me': ME,
      'GET /users/me/challenge-settings': ok({ from: 'friends' }),
      'PUT /users/me/challenge-settings': (body) =>
        refuse ? { status: 400, body: { statusCode: 400, message: 'from must be one of …' } } : { status: 200, body },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/account', { user: 'alice' });
    const friendsOnly = await screen.findByRole('radio', { name: /Friends only/ }, { timeout: 5000 });
    await waitFor(() => expect((friendsOnly as HTMLInputElement).checked).toBe(true));
    const clicks = userEvent.setup();
    await clicks.click(screen.getByRole('radio', { name: /Nobody/ }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/users/me/challenge-settings').map((c) => c.body)).toEqual([
      undefined,
      { from: 'nobody' },
    ]);
    refuse = true;
    await clicks.click(screen.getByRole('radio', { name: /Everyone/ }));
    await waitFor(() => expect((screen.getByRole('radio', { name: /Nobody/ }) as HTMLInputElement).checked).toBe(true));
    expect(bannerStore.messages.length).toBeGreaterThan(0);
  });
});

describe('editing one’s own message', () => {
  it('edits in place: Escape asks nothing, Enter sends the cleaned text and shows it edited', async () => {
    const api = fakeApi({
      'GET /users/id-bob': ok({ ...user('bob'), role: 'player', title: null, bot: null, blocked: false }),
      'GET /messages/id-bob?limit=30': ok([
        message('m1', 'bob', 'alice', 'ready for a rematch?'),
        message('m2', 'alice', 'bob', 'see you at 8'),
      ]),
      'POST /messages/id-bob/read': () => ({ status: 201, body: { read: 1 } }),
      'PUT /messages/m2': (body) => ({
        status: 200,
        body: message('m2', 'alice', 'bob', (body as { message: string }).message, '2026-12-01T10:05:00.000Z'),
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/messages/id-bob', { user: 'alice' });
    expect(await screen.findByText('see you at 8', {}, { timeout: 5000 })).toBeTruthy();
    // Only one's own message offers Edit.
    expect(screen.getAllByRole('button', { name: 'Edit this message' })).toHaveLength(1);
    const clicks = userEvent.setup();
    await clicks.click(screen.getByRole('button', { name: 'Edit this message' }));
    const field = screen.getByTestId('message-edit-field') as HTMLTextAreaElement;
    expect(field.value).toBe('see you at 8');
    await clicks.keyboard('{Escape}');
    expect(screen.queryByTestId('message-editor')).toBeNull();
    await clicks.click(screen.getByRole('button', { name: 'Edit this message' }));
    const again = screen.getByTestId('message-edit-field');
    await clicks.clear(again);
    await clicks.type(again, '  see you   at 9 {Enter}');
    expect(await screen.findByText('see you at 9')).toBeTruthy();
    expect(screen.getByText(/edited/)).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/messages/m2').map((c) => c.body)).toEqual([
      { message: 'see you at 9' },
    ]);
  });
});
