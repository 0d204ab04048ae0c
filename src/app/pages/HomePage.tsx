import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { CLASSIC_RULES, type Rules } from '../../game';
import type { BotLevel } from '../../protocol/types';
import { api } from '../api';
import { HeroArt } from '../art/HeroArt';
import { HowToPlayButton } from '../components/HowToPlayButton';
import { ComputerCard } from '../components/home/ComputerCard';
import { CreateGameCard, type CreateOptions } from '../components/home/CreateGameCard';
import { GamesInProgress } from '../components/home/GamesInProgress';
import { OpenGames } from '../components/home/OpenGames';
import { QuickMatch } from '../components/home/QuickMatch';
import { RulesBadge } from '../components/rules/RulesBadge';
import { RulesChoice } from '../components/rules/RulesChoice';
import { TextField } from '../components/TextField';
import { computerGameError, errorText } from '../errors/error-text';
import { findOpponent, leaveSearch } from '../session/lobby-session';
import { isSearching } from '../session/quick-match';
import { useLobby } from '../session/use-lobby';
import { gamePath, lobbyPath, ROUTES } from '../routing/paths';
import { authStore } from '../stores/auth';
import { clearErrors, showError } from '../stores/banner';
import { dispatchSearch, lobbyStore } from '../stores/lobby';
import { rememberPath } from '../stores/return-path';
import { rulesBody } from '../rules/rule-choice';
import { ServerNote } from '../components/home/ServerNote';
import { useFeatures } from '../server/use-features';

/**
 * Home (docs/game.md, The pages): greeting, 'Create a game', and joining a game by its name; issue 12 adds playing
 * at once: a quick match against the next player looking, the computer, and the open games.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authStore);
  const { search } = useSnapshot(lobbyStore);
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<'required' | undefined>();
  const [busy, setBusy] = useState(false);
  const [createOptions, setCreateOptions] = useState<CreateOptions>({ turnSeconds: null, isPublic: false });
  const [level, setLevel] = useState<BotLevel>('easy');
  const [rules, setRules] = useState<Rules>(CLASSIC_RULES);
  // Only what the server in use offers is shown, and only that is asked of it (docs/game.md, "Another server").
  const features = useFeatures();
  useLobby(features.quickMatch || features.openGames ? user : null);

  // Both players of a quick match land in ship placement.
  useEffect(() => {
    if (search.phase !== 'found') return;
    dispatchSearch({ type: 'reset' });
    navigate(gamePath(search.slug));
  }, [search, navigate]);

  async function create(): Promise<void> {
    if (!user) {
      navigate(ROUTES.login);
      return;
    }
    setBusy(true);
    try {
      const { turnSeconds, isPublic } = createOptions;
      // Without a clock or a listing the body stays exactly SPEC's.
      const body = {
        userId: user.id,
        username: user.username,
        socketId: null,
        ...(turnSeconds === null || !features.clock ? {} : { turnSeconds }),
        ...(isPublic && features.openGames ? { public: true } : {}),
        ...(features.rules ? rulesBody(rules) : {}),
      };
      const { slug } = await (await api()).createRoom(body);
      navigate(lobbyPath(slug));
    } catch (error) {
      showError(errorText(error));
      setBusy(false);
    }
  }

  async function playComputer(): Promise<void> {
    if (!user) {
      navigate(ROUTES.login);
      return;
    }
    // From the quick match's offer: out of the queue first (unless a match came meanwhile).
    if (isSearching(lobbyStore.search) && !(await leaveSearch('computer'))) return;
    setBusy(true);
    clearErrors();
    try {
      const { slug } = await (await api()).computerGame({ level, ...rulesBody(rules) });
      navigate(gamePath(slug));
    } catch (error) {
      showError(computerGameError(error));
      setBusy(false);
    }
  }

  function find(): void {
    // A visitor who wants a game most likely has no account yet: Register (which links to Log in).
    if (!user) {
      navigate(ROUTES.register);
      return;
    }
    void findOpponent(features.rules ? rulesBody(rules).rules : undefined);
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
          <div className="cluster hero-actions">
            {features.quickMatch && (
              <QuickMatch
                level={level}
                onFind={find}
                onCancel={() => void leaveSearch('idle')}
                onComputer={() => void playComputer()}
              />
            )}
            <HowToPlayButton className="secondary" />
          </div>
          <ServerNote />
        </div>
        <HeroArt className="hero-art" />
      </div>
      {features.rules && (
        <section className="card rules-card" aria-labelledby="rules-title">
          <div className="rules-card-head">
            <h2 id="rules-title">{t('rules.chooseTitle')}</h2>
            <p className="card-text">{t('rules.chooseText')}</p>
          </div>
          <RulesChoice value={rules} onChange={setRules} />
        </section>
      )}
      <div className="grid-cards home-cards">
        {features.computer && (
          <ComputerCard
            level={level}
            onLevel={setLevel}
            onPlay={() => void playComputer()}
            busy={busy}
            rules={<RulesBadge rules={rules} />}
          />
        )}
        <CreateGameCard
          clock={features.clock}
          listing={features.openGames}
          options={createOptions}
          onChange={setCreateOptions}
          onCreate={() => void create()}
          busy={busy}
          rules={features.rules ? <RulesBadge rules={rules} /> : null}
        />
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
      <div className="grid-cards home-lists">
        {features.openGames && <OpenGames userId={user?.id ?? null} />}
        {user && features.gamesInProgress && <GamesInProgress user={user} />}
      </div>
    </section>
  );
}
