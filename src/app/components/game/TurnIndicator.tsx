import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { useSnapshot } from 'valtio';
import { aimCounter, aimsSalvo } from '../../rules/salvo-aim';
import type { GameSession } from '../../session/game-session';
import { turnNote } from '../../session/turn-note';
import { gameStore, isMyTurn, shotsAllowed } from '../../stores/game';

/**
 * PLAY: whose turn it is (docs/game.md, Routes: "It's your turn !"). Under "shoot again" rules a
 * turn kept after a hit says so; under salvo rules this player's turn shows how many shots are
 * aimed of how many, and the button that fires them together.
 */
export function TurnIndicator({ session = null }: { readonly session?: GameSession | null }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const snapshot = useSnapshot(gameStore);
  const rules = snapshot.match.rules;
  const note = turnNote({ ...snapshot, rules });
  if (isMyTurn(snapshot)) {
    if (aimsSalvo(rules)) return <SalvoControls session={session} again={note === 'again'} />;
    return (
      <p className={`turn mine${note ? ' again' : ''}`} role="status" data-note={note ?? ''}>
        <span>{note === 'again' ? t('game.shootAgain') : t('game.yourTurn')}</span>
      </p>
    );
  }
  const opponent = snapshot.members.find((member) => member.userId !== snapshot.userId);
  const username = opponent ? name(opponent) : t('game.opponentFallback');
  return (
    <p className="turn theirs" role="status" data-note={note ?? ''}>
      {/* A span, so that a long name ends in an ellipsis: a flex container's own text cannot. */}
      <span>
        {note === 'theirAgain' ? t('game.opponentAgain', { username }) : t('game.opponentTurn', { username })}
      </span>
    </p>
  );
}

/** Salvo, on this player's turn: "2 / 4 aimed" and Fire, enabled once every shot is aimed. */
function SalvoControls({ session, again }: { readonly session: GameSession | null; readonly again: boolean }) {
  const { t } = useTranslation();
  const snapshot = useSnapshot(gameStore);
  const counter = aimCounter(snapshot.aim, shotsAllowed(snapshot));
  return (
    <div className="salvo-controls" data-testid="salvo-controls">
      <p className="turn mine salvo-count" role="status" data-aimed={counter.aimed} data-limit={counter.limit}>
        <span>
          {counter.aimed === 0
            ? t(again ? 'game.salvoAgain' : 'game.salvoAim', { count: counter.limit })
            : t('game.salvoAimed', { aimed: counter.aimed, limit: counter.limit })}
        </span>
      </p>
      <button
        type="button"
        className="primary small salvo-fire"
        disabled={!counter.ready || !session}
        onClick={() => session?.fire()}
        aria-keyshortcuts="F"
        aria-label={t('game.salvoFire', { count: counter.limit })}
      >
        {/* A phone's bar has room for the counter and a one-word Fire only (rules.css). */}
        <span className="salvo-fire-long">{t('game.salvoFire', { count: counter.limit })}</span>
        <span className="salvo-fire-short">{t('game.salvoFireShort')}</span>
      </button>
    </div>
  );
}
