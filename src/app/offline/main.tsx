import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../i18n/setup';
import { followThemePreference } from '../theme/apply-theme';
import { OfflineApp } from './OfflineApp';
import '../styles/theme.css';
import '../styles/app.css';
import '../styles/match.css';
import '../styles/game.css';
import '../styles/rules.css';
import './offline.css';

/*
 * view.html: the web client's replay viewer for games the bot harness refereed offline, served on
 * this machine by `broadside view` (docs/cli.md, "view"). No server, no account: the page reads the
 * game from the command that serves it, and nothing else.
 */
followThemePreference();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <OfflineApp />
    </StrictMode>,
  );
}
