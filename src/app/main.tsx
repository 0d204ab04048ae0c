import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18nReady } from './i18n/setup';
import { checkServer } from './session/server-probe';
import { loadUser } from './stores/auth';
import { loadServerChoice } from './stores/server';
import { followThemePreference } from './theme/apply-theme';
import './styles/theme.css';
import './styles/app.css';
import './styles/match.css';
import './styles/game.css';
import './styles/rules.css';
import './styles/live-games.css';
import './styles/chat.css';

loadServerChoice();
loadUser();
// What the server in use offers beyond the SPEC dialect; pages hide the rest (docs/game.md, "Another server").
void checkServer();
followThemePreference();

const root = document.getElementById('root');
// The reader's language first, so no text shows as its bare key (src/app/i18n/setup.ts).
void i18nReady
  .catch(() => undefined)
  .then(() => {
    if (!root) return;
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
