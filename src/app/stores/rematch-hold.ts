import type { GameStatus } from '../../game';

export interface Requester {
  readonly userId: string;
  readonly username: string;
}

/**
 * The next round, held back while this player still looks at the final boards of the last one.
 * The server starts the new round at once when the opponent replays (docs/protocol.md, replay), so its frames keep
 * coming; they are kept here and shown once the player chooses to go on.
 */
export interface RematchHold<S> {
  /** Who asked for the rematch, once the server said (`match.rematchBy`). */
  readonly by: Requester | null;
  /** The newest state the server sent since the round ended. */
  readonly latest: S;
}

export interface HoldStep<S> {
  /** The status the screen shows now. */
  readonly shown: GameStatus | null;
  /** The state the server just sent. */
  readonly incoming: S;
  readonly incomingStatus: GameStatus | null;
  /** `match.rematchBy` of the incoming state, if the server sends it. */
  readonly rematchBy: Requester | null;
  readonly hold: RematchHold<S> | null;
  /** True while this player's own replay is on its way: their own rematch is no surprise. */
  readonly askedReplay: boolean;
  /** This player: a rematch they asked for elsewhere (another tab) is no surprise either. */
  readonly selfId: string | null;
}

/**
 * Whether the incoming state is held back (the hold to keep) or shown (null). A hold starts when a
 * round ended on screen and a new round this player did not ask for arrives: its placement status,
 * or first its `match` naming the other member as the one who replayed (servers may send either
 * first). It lasts while the server is between that end and the new placement; anything else (a
 * status the player must see) ends it.
 */
export function nextHold<S>(step: HoldStep<S>): RematchHold<S> | null {
  const by = step.rematchBy ?? step.hold?.by ?? null;
  if (by !== null && by.userId === step.selfId) return null;
  const placing = step.incomingStatus === 'PLACE_SHIPS';
  if (step.hold) return placing || step.incomingStatus === 'ENDED' ? { by, latest: step.incoming } : null;
  const newRound = placing || (step.incomingStatus === 'ENDED' && step.rematchBy !== null);
  return step.shown === 'ENDED' && newRound && !step.askedReplay ? { by, latest: step.incoming } : null;
}
