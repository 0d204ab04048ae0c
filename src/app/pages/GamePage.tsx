import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { BackButton } from '../components/BackButton';
import { EndPanel } from '../components/game/EndPanel';
import { LazyStage } from '../components/game/LazyStage';
import { MatchStatus } from '../components/game/MatchStatus';
import { PlacementControls } from '../components/game/PlacementControls';
import { TurnIndicator } from '../components/game/TurnIndicator';
import { gameExit } from '../routing/game-flow';
import { useGameSession } from '../session/use-game-session';
import { gameStore } from '../stores/game';
import type { User } from '../stores/user';

/** SPEC §2 Game: the controls of the current status above the stage that draws the grids. */
export default function GamePage({ slug, user }: { slug: string; user: User }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const session = useGameSession(slug, user);
  const { gameStatus } = useSnapshot(gameStore);

  useEffect(() => {
    const exit = gameExit(gameStatus, slug);
    if (exit) navigate(exit, { replace: true });
  }, [gameStatus, slug, navigate]);

  return (
    <section className="page game" data-status={gameStatus ?? 'CONNECTING'}>
      <div className="game-bar">
        <BackButton />
        <h1>{t('game.title', { slug })}</h1>
      </div>
      {gameStatus === null && <p role="status">{t('game.connecting')}</p>}
      {gameStatus === 'PLACE_SHIPS' && <PlacementControls session={session} />}
      {gameStatus === 'PLAY' && <TurnIndicator />}
      {gameStatus === 'ENDED' && <EndPanel session={session} />}
      {gameStatus !== null && gameStatus !== 'UNSTARTED' && <MatchStatus session={session} />}
      {gameStatus !== null && gameStatus !== 'UNSTARTED' && <LazyStage />}
    </section>
  );
}
