import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { navSection } from '../../../src/app/routing/nav-section';
import { returnPathStore } from '../../../src/app/stores/return-path';
import { renderApp } from './render-app';

describe('navSection: the entry of the main navigation a page belongs to', () => {
  it.each([
    ['/', 'play'],
    ['/game/lobby/calm-bay-1', 'play'],
    ['/game/calm-bay-1', 'play'],
    ['/watch', 'watch'],
    ['/watch/', 'watch'],
    ['/game/calm-bay-1/watch', 'watch'],
    ['/leaderboard?rules=fleet%3Drussian', 'leaderboard'],
    ['/profile', 'profile'],
    ['/replay/12', null],
    ['/login', null],
    ['/no/such/page', null],
  ])('%s → %s', (path, section) => {
    expect(navSection(path)).toBe(section);
  });
});

describe('the header (docs/game.md, The pages)', () => {
  it('leads a player to Play, Watch, the leaderboard, their friends and their profile, the current one marked', async () => {
    renderApp('/leaderboard', { user: 'alice' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    // Each link's name (a link with a short name for the phone's tab bar carries its whole one in aria-label).
    const named = links.map((a) => [a.getAttribute('aria-label') ?? a.textContent, a.getAttribute('href')]);
    expect(named).toEqual([
      ['Play', '/'],
      ['Watch', '/watch'],
      ['Leaderboard', '/leaderboard'],
      ['Friends', '/friends'],
      ['Profile', '/profile'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Leaderboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Play' }).getAttribute('aria-current')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    // The tab bar's short name is there, for the phone's CSS to show instead.
    expect(within(nav).getByRole('link', { name: 'Leaderboard' }).querySelector('.nav-label-short')?.textContent).toBe(
      'Ranks',
    );
  });

  it('offers a visitor Log in and Register, and remembers the page they came from', async () => {
    const app = renderApp('/watch');
    const banner = screen.getByRole('banner');
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Profile' })).toBeNull();
    expect(within(banner).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    await userEvent.setup().click(within(banner).getByRole('link', { name: 'Register' }));
    await waitFor(() => expect(app.path()).toBe('/register'));
    expect(returnPathStore.path).toBe('/watch');
  });
});
