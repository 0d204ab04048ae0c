import { useSnapshot } from 'valtio';
import type { GameSession } from '../../session/game-session';
import { useFeatures } from '../../server/use-features';
import { gameStore } from '../../stores/game';
import { RulesBadge } from '../rules/RulesBadge';
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
  const { gameStatus, match } = useSnapshot(gameStore);
  const playing = gameStatus === 'PLAY';
  // Only what the server offers (docs/game.md, "Another server"): the original has no presence,
  // clock, spectators or resignation.
  const features = useFeatures();
  return (
    <div className="match-status">
      <div className="match-bar">
        <PlayersBar presence={features.presence} />
        <div className="match-actions">
          {/* Every page of a game shows its rules (docs/game.md, "Rule variants"). */}
          <RulesBadge rules={match.rules} className="match-rules" />
          {features.spectators && <AudienceBadge />}
          {playing && features.clock && <TurnClock />}
          {playing && features.resign && <ResignButton session={session} />}
        </div>
      </div>
      <ConnectionNotice />
      {playing && features.presence && <AwayNotice />}
    </div>
  );
}
