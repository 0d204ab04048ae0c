import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Hint } from '../components/analysis/Hint';
import { BackButton } from '../components/BackButton';
import { BotBadge } from '../components/bots/BotBadge';
import { ChatPanel } from '../components/chat/ChatPanel';
import { EndCard } from '../components/game/EndCard';
import { EndPanel } from '../components/game/EndPanel';
import { LazyStage } from '../components/game/LazyStage';
import { MatchStatus } from '../components/game/MatchStatus';
import { PlacementPanel, PlacementStatus } from '../components/game/PlacementControls';
import { TurnIndicator } from '../components/game/TurnIndicator';
import { HowToPlayButton } from '../components/HowToPlayButton';
import { gameExit } from '../routing/game-flow';
import { useGameSession } from '../session/use-game-session';
import { aimsSalvo } from '../rules/salvo-aim';
import { gameStore, toggleAim } from '../stores/game';
import type { User } from '../stores/user';
import { gameTitle } from './game-title';
import { usePlayerName } from '../players/use-player-name';

/**
 * The Game page (docs/game.md), laid out to fill the window (issue #13): a bar with the players' names, the status
 * of the moment, How to play and the match row (presence, clock, Resign), then the stage in all the
 * height that is left. The bar's rows have fixed heights and notices are laid over the stage, so a
 * turn change moves nothing below it.
 */
export default function GamePage({ slug, user }: { slug: string; user: User }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const session = useGameSession(slug, user);
  const { gameStatus, members, match } = useSnapshot(gameStore);
  const name = usePlayerName();
  const title = gameTitle(
    members.map((member) => ({ ...member, username: name(member) })),
    user.id,
  );

  useEffect(() => {
    const exit = gameExit(gameStatus, slug);
    if (exit) navigate(exit, { replace: true });
  }, [gameStatus, slug, navigate]);

  const heading = title ? t('game.versus', title) : t('game.title', { slug });
  useEffect(() => {
    const previous = document.title;
    document.title = `${heading} · ${t('app.name')}`;
    return () => {
      document.title = previous;
    };
  }, [heading, t]);

  return (
    <section className="page game" data-status={gameStatus ?? 'CONNECTING'}>
      <div className="game-bar">
        <BackButton />
        <div className="game-heading">
          <h1 className="game-title">{heading}</h1>
          {/* The players list shows it beside the name; a phone hides that list, so the title carries it. */}
          <BotBadge title={title?.opponentTitle} className="game-title-badge" />
        </div>
        <div className="game-status">
          {gameStatus === null && <p role="status">{t('game.connecting')}</p>}
          {gameStatus === 'PLACE_SHIPS' && <PlacementStatus />}
          {gameStatus === 'PLAY' && <TurnIndicator session={session} />}
          {gameStatus === 'ENDED' && <EndPanel session={session} />}
        </div>
        <HowToPlayButton className="ghost small game-help" rules={match.rules} />
        {/* Presence, clock and Resign (issue 11): a row of the bar, its notices laid over the stage. */}
        {gameStatus !== null && gameStatus !== 'UNSTARTED' && <MatchStatus session={session} />}
      </div>
      {gameStatus !== null && gameStatus !== 'UNSTARTED' && (
        // The stage and the chat share the row (a column on a phone): the stage follows its box, so
        // it shrinks to make room for the chat instead of being covered by it.
        <div className="game-main">
          <div className="game-stage">
            <LazyStage
              onShoot={(target) => {
                // Under salvo rules a click aims (or takes an aim back); Fire sends them together.
                if (aimsSalvo(gameStore.match.rules)) {
                  const change = toggleAim(target);
                  return change === 'aimed' || change === 'unaimed';
                }
                return session?.shoot(target) ?? false;
              }}
              onFire={() => session?.fire()}
              panel={gameStatus === 'PLACE_SHIPS' ? <PlacementPanel session={session} /> : null}
            />
            {gameStatus === 'ENDED' && <EndCard />}
            {gameStatus === 'PLAY' && <Hint slug={slug} />}
          </div>
          <ChatPanel talk={session?.talk ?? null} userId={user.id} room={slug} />
        </div>
      )}
    </section>
  );
}
