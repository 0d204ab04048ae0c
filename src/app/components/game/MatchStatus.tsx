import { useSnapshot } from 'valtio';
import type { GameSession } from '../../session/game-session';
import { gameStore } from '../../stores/game';
import { AwayNotice } from './AwayNotice';
import { ConnectionNotice } from './ConnectionNotice';
import { PlayersBar } from './PlayersBar';
import { ResignButton } from './ResignButton';
import { TurnClock } from './TurnClock';

/** Above the boards: who is there, this player's own connection, and in PLAY the clock, an absent opponent, resign. */
export function MatchStatus({ session }: { session: GameSession | null }) {
  const { gameStatus } = useSnapshot(gameStore);
  return (
    <div className="match-status">
      <PlayersBar />
      <ConnectionNotice />
      {gameStatus === 'PLAY' && (
        <>
          <AwayNotice />
          <div className="match-actions">
            <TurnClock />
            <ResignButton session={session} />
          </div>
        </>
      )}
    </div>
  );
}
