import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './i18n/setup';
import { loadUser } from './stores/auth';
import { followThemePreference } from './theme/apply-theme';
import './styles/theme.css';
import './styles/app.css';
import './styles/match.css';
import './styles/game.css';
import './styles/rules.css';

loadUser();
followThemePreference();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
