import { useSnapshot } from 'valtio';
import type { GameSession } from '../../session/game-session';
import { gameStore } from '../../stores/game';
import { AwayNotice } from './AwayNotice';
import { ConnectionNotice } from './ConnectionNotice';
import { PlayersBar } from './PlayersBar';
import { ResignButton } from './ResignButton';
import { TurnClock } from './TurnClock';

/**
 * Above the boards, in one row where it fits: who is there and, in PLAY, the turn clock and
 * 'Resign'; under it, this player's own lost connection or the absent opponent's countdown.
 */
export function MatchStatus({ session }: { session: GameSession | null }) {
  const { gameStatus } = useSnapshot(gameStore);
  const playing = gameStatus === 'PLAY';
  return (
    <div className="match-status">
      <div className="match-bar">
        <PlayersBar />
        {playing && (
          <div className="match-actions">
            <TurnClock />
            <ResignButton session={session} />
          </div>
        )}
      </div>
      <ConnectionNotice />
      {playing && <AwayNotice />}
    </div>
  );
}
