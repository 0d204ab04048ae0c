import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../src/app/i18n/setup';
import { preferencesStore } from '../../../src/app/stores/preferences';
import { renderApp } from './render-app';

describe('profile panel (docs/game.md, Routes)', () => {
  it('switching to French changes every text at once, the stage namespace too', async () => {
    renderApp('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile and settings' }));
    // The panel is a chunk of its own, loaded on this first click: on a busy machine that takes a while.
    await user.click(await screen.findByRole('button', { name: 'Français' }, { timeout: 5000 }));
    expect(preferencesStore.language).toBe('fr');
    await screen.findByRole('button', { name: 'Créer une partie' });
    expect(screen.getByRole('button', { name: 'Rejoindre une partie' })).toBeTruthy();
    expect(screen.getByLabelText('Nom de la partie')).toBeTruthy();
    expect(screen.getByLabelText('Mode sombre')).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.hasResourceBundle('fr', 'stage')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByRole('button', { name: 'Create a game' });
  });

  it('dark mode is the default and the toggle switches the theme of <html>', async () => {
    const { followThemePreference } = await import('../../../src/app/theme/apply-theme');
    const stop = followThemePreference();
    renderApp('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile and settings' }));
    const toggle = screen.getByLabelText('Dark mode');
    expect(toggle).toHaveProperty('checked', true);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    await user.click(toggle);
    expect(preferencesStore.theme).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    stop();
  });

  it('mutes the stage sounds', async () => {
    renderApp('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile and settings' }));
    await user.click(screen.getByLabelText('Mute sounds'));
    expect(preferencesStore.muted).toBe(true);
  });

  it('shows a logout link only when logged in, and my profile always', async () => {
    renderApp('/', { user: 'alice' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile and settings' }));
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout');
    expect(screen.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/profile');
  });

  it('offers to log in instead when anonymous', async () => {
    renderApp('/');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Profile and settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(panel).queryByRole('link', { name: 'Log out' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});

describe('profile panel closing', () => {
  it('closes on Escape and on a press outside', async () => {
    renderApp('/');
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Profile and settings' });
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(button);
    await user.click(screen.getByRole('heading', { name: 'Broadside' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(button);
    await user.click(screen.getByLabelText('Mute sounds'));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });
});
