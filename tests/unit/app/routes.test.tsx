import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { returnPathStore } from '../../../src/app/stores/return-path';
import { fakeApi, renderApp } from './render-app';
import { tokenFor } from './tokens';

// The room pages open a socket; the guards are what is tested here.
vi.mock('../../../src/app/session/use-game-session', () => ({ useGameSession: () => null }));
vi.mock('../../../src/app/components/game/LazyStage', () => ({ LazyStage: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route guards and the remembered path (docs/game.md, Routes)', () => {
  it('sends an anonymous visit of a lobby to /login, then back there after login', async () => {
    const api = fakeApi({
      'POST /users/auth/login': () => ({ status: 201, body: { access_token: tokenFor('alice') } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const app = renderApp('/game/lobby/brave-otter-42');

    await screen.findByRole('heading', { name: 'Log in' });
    expect(app.path()).toBe('/login');
    expect(returnPathStore.path).toBe('/game/lobby/brave-otter-42');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByRole('heading', { name: 'Waiting for players' }, { timeout: 5000 });
    expect(app.path()).toBe('/game/lobby/brave-otter-42');
    expect(api.calls[0]?.body).toEqual({ email: 'alice@example.com', password: 'secret123' });
  });

  it('sends an anonymous visit of a game to /login and remembers it', async () => {
    const app = renderApp('/game/brave-otter-42');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(app.path()).toBe('/login');
    expect(returnPathStore.path).toBe('/game/brave-otter-42');
  });

  it('lets a logged-in user into the game page', async () => {
    const app = renderApp('/game/brave-otter-42', { user: 'alice' });
    await screen.findByRole('heading', { name: 'Game brave-otter-42' }, { timeout: 5000 });
    expect(app.path()).toBe('/game/brave-otter-42');
  });

  it.each(['/game', '/game/', '/game/lobby', '/game/lobby/'])('sends %s (no id) home', async (path) => {
    const app = renderApp(path, { user: 'alice' });
    await screen.findByRole('button', { name: 'Create a game' });
    expect(app.path()).toBe('/');
  });

  it('goes home after login when nothing was remembered', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'POST /users/auth/login': () => ({ status: 201, body: { access_token: tokenFor('bob') } }) }).fetch,
    );
    const app = renderApp('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'bob@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Hello bob!', undefined, { timeout: 5000 });
    expect(app.path()).toBe('/');
  });

  it('guards the profile page too', async () => {
    const app = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(app.path()).toBe('/login');
    expect(returnPathStore.path).toBe('/profile');
  });

  it('logout clears the stored user and goes home', async () => {
    const app = renderApp('/logout', { user: 'alice' });
    await waitFor(() => expect(app.path()).toBe('/'));
    expect(localStorage.getItem('broadside.user')).toBeNull();
    await screen.findByText('Welcome aboard, sailor!');
  });

  it('shows a not-found page for unknown paths', async () => {
    renderApp('/nowhere');
    await screen.findByRole('heading', { name: 'Page not found' });
  });
});
