import { describe, expect, it } from 'vitest';
import { lobbyExit, gameExit } from '../../../src/app/routing/game-flow';
import { gameRouteAccess, isRememberablePath, loggedInAccess, returnTarget } from '../../../src/app/routing/guards';
import { gamePath, lobbyPath } from '../../../src/app/routing/paths';

describe('game route guard (docs/game.md, Routes)', () => {
  it('lets a logged-in user in when there is an id', () => {
    expect(gameRouteAccess('brave-otter-42', true)).toEqual({ kind: 'allow' });
  });

  it('sends an anonymous user to /login and remembers the path', () => {
    expect(gameRouteAccess('brave-otter-42', false)).toEqual({ kind: 'redirect', to: '/login', remember: true });
  });

  it.each([undefined, '', '   '])('sends a missing id (%j) home, logged in or not', (id) => {
    expect(gameRouteAccess(id, true)).toEqual({ kind: 'redirect', to: '/', remember: false });
    expect(gameRouteAccess(id, false)).toEqual({ kind: 'redirect', to: '/', remember: false });
  });

  it('guards the profile page the same way', () => {
    expect(loggedInAccess(true)).toEqual({ kind: 'allow' });
    expect(loggedInAccess(false)).toEqual({ kind: 'redirect', to: '/login', remember: true });
  });
});

describe('remembered path', () => {
  it('returns to the remembered page, otherwise /', () => {
    expect(returnTarget('/game/lobby/x')).toBe('/game/lobby/x');
    expect(returnTarget(null)).toBe('/');
  });

  it.each(['/login', '/register', '/logout', '/login?next=1', 'https://evil.example/', '//evil.example', 'game/x'])(
    'never returns to %s',
    (path) => {
      expect(isRememberablePath(path)).toBe(false);
      expect(returnTarget(path)).toBe('/');
    },
  );
});

describe('lobby and game page exits', () => {
  it('leaves the lobby for the game once the status is no longer UNSTARTED', () => {
    expect(lobbyExit(null, 'a')).toBeNull();
    expect(lobbyExit('UNSTARTED', 'a')).toBeNull();
    expect(lobbyExit('PLACE_SHIPS', 'a')).toBe('/game/a');
    expect(lobbyExit('PLAY', 'a')).toBe('/game/a');
    expect(lobbyExit('ENDED', 'a')).toBe('/game/a');
  });

  it('sends a game page opened before the start back to the lobby', () => {
    expect(gameExit('UNSTARTED', 'a')).toBe('/game/lobby/a');
    expect(gameExit('PLAY', 'a')).toBeNull();
    expect(gameExit(null, 'a')).toBeNull();
  });

  it('encodes typed names into the path', () => {
    expect(lobbyPath('my game')).toBe('/game/lobby/my%20game');
    expect(gamePath('a/b')).toBe('/game/a%2Fb');
  });
});
