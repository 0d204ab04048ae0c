import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../src/app/stores/auth';
import { rememberPath } from '../../../src/app/stores/return-path';
import { fakeApi, renderApp } from './render-app';
import { tokenFor } from './tokens';

vi.mock('../../../src/app/session/use-game-session', () => ({ useGameSession: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillRegister(values: { username: string; email: string; password: string; confirm: string }) {
  const user = userEvent.setup();
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await user.type(screen.getByLabelText('E-mail'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('login form', () => {
  it('requires both fields and sends nothing while one is empty', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    await user.type(screen.getByLabelText('E-mail'), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(screen.getByLabelText('Password')).toHaveProperty('ariaInvalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it("disables the button while the request runs and shows the server's message on failure", async () => {
    const pending: { answer?: (value: { status: number; body: unknown }) => void } = {};
    const api = fakeApi({
      'POST /users/auth/login': () =>
        new Promise((resolve) => {
          pending.answer = resolve;
        }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'a@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const busy = await screen.findByRole('button', { name: 'Please wait…' });
    expect(busy).toHaveProperty('disabled', true);
    await waitFor(() => expect(pending.answer).toBeDefined());
    expect(screen.getByRole('button', { name: 'Please wait…' })).toHaveProperty('disabled', true);
    pending.answer?.({ status: 401, body: { statusCode: 401, message: 'Invalid credentials', error: 'Unauthorized' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid credentials');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false);
    expect(authStore.user).toBeNull();
  });

  it('the banner can be dismissed', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /users/auth/login': () => ({ status: 401, body: { statusCode: 401, message: 'Invalid credentials' } }),
      }).fetch,
    );
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'a@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('translates an unreachable server', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'a@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The server cannot be reached');
  });
});

describe('register form', () => {
  it('requires all four fields', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/register');
    await fillRegister({ username: '', email: '', password: '', confirm: '' });
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    expect(api.calls).toEqual([]);
  });

  it('400: one sentence per broken rule, translated (issue #13)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /users/auth/sign-up': () => ({
          status: 400,
          body: {
            statusCode: 400,
            message: ['email must be a valid e-mail address', 'password must be at least 8 characters'],
          },
        }),
      }).fetch,
    );
    renderApp('/register');
    await fillRegister({ username: 'alice', email: 'bad', password: 'short', confirm: 'short' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This is not a valid e-mail address. The password needs at least 8 characters.',
    );
  });

  it('409: the message', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /users/auth/sign-up': () => ({ status: 409, body: { statusCode: 409, message: 'username is taken' } }),
      }).fetch,
    );
    renderApp('/register');
    await fillRegister({ username: 'alice', email: 'a@example.com', password: 'secret123', confirm: 'secret123' });
    expect((await screen.findByRole('alert')).textContent).toContain('username is taken');
  });

  it('does not compare the confirmation, logs in automatically and returns to the remembered page', async () => {
    const api = fakeApi({
      'POST /users/auth/sign-up': () => ({ status: 201, body: { email: 'a@example.com' } }),
      'POST /users/auth/login': () => ({ status: 201, body: { access_token: tokenFor('alice') } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const app = renderApp('/register');
    rememberPath('/game/lobby/brave-otter-42');
    await fillRegister({ username: 'alice', email: 'a@example.com', password: 'secret123', confirm: 'different' });
    await waitFor(() => expect(app.path()).toBe('/game/lobby/brave-otter-42'), { timeout: 5000 });
    // The sign-up and the login (pages then read /users/me, which is not the form's doing).
    const auth = api.calls.filter((c) => c.path.startsWith('/users/auth/'));
    expect(auth.map((c) => [c.path, c.body])).toEqual([
      ['/users/auth/sign-up', { username: 'alice', email: 'a@example.com', password: 'secret123' }],
      ['/users/auth/login', { email: 'a@example.com', password: 'secret123' }],
    ]);
    expect(authStore.user?.username).toBe('alice');
    expect(JSON.parse(localStorage.getItem('broadside.user') ?? '{}').username).toBe('alice');
  });
});

describe('home', () => {
  it('create and join go to /login when anonymous; join remembers the lobby', async () => {
    const app = renderApp('/');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name of the game'), 'brave-otter-42');
    await user.click(screen.getByRole('button', { name: 'Join a game' }));
    await screen.findByRole('heading', { name: 'Log in' });
    expect(app.path()).toBe('/login');
    app.navigate('/');
    await user.click(await screen.findByRole('button', { name: 'Create a game' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
  });

  it('join goes to the lobby of the typed name; an empty name is refused', async () => {
    const app = renderApp('/', { user: 'alice' });
    expect(screen.getByText('Hello alice!')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Join a game' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Name of the game'), ' brave-otter-42 ');
    await user.click(screen.getByRole('button', { name: 'Join a game' }));
    await waitFor(() => expect(app.path()).toBe('/game/lobby/brave-otter-42'));
  });

  it('create posts the room with the bearer token and opens its lobby', async () => {
    const api = fakeApi({ 'POST /room': () => ({ status: 201, body: { slug: 'calm-whale-7' } }) });
    vi.stubGlobal('fetch', api.fetch);
    const app = renderApp('/', { user: 'alice' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create a game' }));
    await waitFor(() => expect(app.path()).toBe('/game/lobby/calm-whale-7'), { timeout: 5000 });
    // Home also lists the games in progress (GET /users/me/games); the creation is the POST.
    const creation = api.calls.find((call) => call.path === '/room');
    expect(creation?.body).toEqual({ userId: 'id-alice', username: 'alice', socketId: null });
    expect(creation?.authorization).toBe(`Bearer ${authStore.user?.access_token}`);
  });

  it('a failed creation shows the joined messages', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /room': () => ({ status: 401, body: { statusCode: 401, message: ['Unauthorized', 'token expired'] } }),
      }).fetch,
    );
    renderApp('/', { user: 'alice' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create a game' }));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'Unauthorized, token expired',
    );
  });
});
