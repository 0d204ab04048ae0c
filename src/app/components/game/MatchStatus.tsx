import { useSnapshot } from 'valtio';
import type { GameSession } from '../../session/game-session';
import { gameStore } from '../../stores/game';
import { AudienceBadge } from './AudienceBadge';
import { AwayNotice } from './AwayNotice';
import { ConnectionNotice } from './ConnectionNotice';
import { PlayersBar } from './PlayersBar';
import { ResignButton } from './ResignButton';
import { TurnClock } from './TurnClock';

/**
 * Above the boards, in one row where it fits: who is there, how many watch and, in PLAY, the turn
 * clock and 'Resign'; under it, this player's own lost connection or the absent opponent's countdown.
 */
export function MatchStatus({ session }: { session: GameSession | null }) {
  const { gameStatus } = useSnapshot(gameStore);
  const playing = gameStatus === 'PLAY';
  return (
    <div className="match-status">
      <div className="match-bar">
        <PlayersBar />
        <div className="match-actions">
          <AudienceBadge />
          {playing && <TurnClock />}
          {playing && <ResignButton session={session} />}
        </div>
      </div>
      <ConnectionNotice />
      {playing && <AwayNotice />}
    </div>
  );
}
