import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { TurnSeconds } from '../../game';
import { api } from '../api';
import { HeroArt } from '../art/HeroArt';
import { HowToPlayButton } from '../components/HowToPlay';
import { GamesInProgress } from '../components/home/GamesInProgress';
import { TurnClockChoice } from '../components/home/TurnClockChoice';
import { TextField } from '../components/TextField';
import { errorText } from '../errors/error-text';
import { lobbyPath, ROUTES } from '../routing/paths';
import { authStore } from '../stores/auth';
import { showError } from '../stores/banner';
import { rememberPath } from '../stores/return-path';

/** SPEC §2 Home: greeting, 'Create a game', and joining a game by its name. */
export default function HomePage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authStore);
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<'required' | undefined>();
  const [creating, setCreating] = useState(false);
  const [turnSeconds, setTurnSeconds] = useState<TurnSeconds | null>(null);

  async function create(): Promise<void> {
    if (!user) {
      navigate(ROUTES.login);
      return;
    }
    setCreating(true);
    try {
      const body = { userId: user.id, username: user.username, socketId: null };
      // Without a clock the body stays exactly SPEC's.
      const { slug } = await (await api()).createRoom(turnSeconds === null ? body : { ...body, turnSeconds });
      navigate(lobbyPath(slug));
    } catch (error) {
      showError(errorText(error));
      setCreating(false);
    }
  }

  function join(event: FormEvent): void {
    event.preventDefault();
    const slug = name.trim();
    if (!slug) {
      setNameError('required');
      return;
    }
    if (!user) {
      // Back to this very lobby once logged in.
      rememberPath(lobbyPath(slug));
      navigate(ROUTES.login);
      return;
    }
    navigate(lobbyPath(slug));
  }

  return (
    <section className="page home">
      <div className="hero">
        <div className="hero-text">
          <p className="kicker">{t('home.kicker')}</p>
          <h1>{t('home.title')}</h1>
          <p className="greeting">
            {user ? t('home.greeting', { username: user.username }) : t('home.greetingAnonymous')}
          </p>
          <p className="lead">{t('home.intro')}</p>
          <TurnClockChoice value={turnSeconds} onChange={setTurnSeconds} />
          <div className="cluster">
            <button type="button" className="primary" disabled={creating} onClick={() => void create()}>
              {t('home.create')}
            </button>
            <HowToPlayButton className="secondary" />
          </div>
        </div>
        <HeroArt className="hero-art" />
      </div>
      <div className="grid-cards home-cards">
        {user && <GamesInProgress userId={user.id} />}
        <div className="card">
          <h2>{t('home.joinTitle')}</h2>
          <p className="card-text">{t('home.joinText')}</p>
          <form className="join inline-form" onSubmit={join} noValidate>
            <TextField
              label={t('home.gameName')}
              name="game"
              value={name}
              error={nameError}
              onChange={(value) => {
                setName(value);
                setNameError(undefined);
              }}
            />
            <button type="submit">{t('home.join')}</button>
          </form>
        </div>
      </div>
    </section>
  );
}
