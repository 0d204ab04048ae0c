import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady, loadTexts } from '../i18n/setup';
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
// Every text before the first paint: this page shows a game at once (src/app/i18n/text-parts.ts).
void Promise.all([i18nReady, loadTexts('later')])
  .catch(() => undefined)
  .then(() => {
    if (!root) return;
    createRoot(root).render(
      <StrictMode>
        <OfflineApp />
      </StrictMode>,
    );
  });
