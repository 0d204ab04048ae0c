import type { EndReason } from '../game';
import type { ClientGameState, GameClient, Winner } from '../protocol';
import { waitForState } from './wait-for-state';

/** How one game ended, as the frames said it at the time. */
export interface GameEnd {
  readonly winner: Winner;
  /** SUNK, RESIGN, FORFEIT or CLOCK; null from a server without the match event. */
  readonly endReason: EndReason | null;
  /** The state when the winner was known: the final boards. */
  readonly final: ClientGameState;
}

/**
 * Follows one game to its end from the frames as they arrive. Reading `client.state` once an
 * `await` resumes is not enough: the end frames and the reset of a rematch the opponent asked for
 * at once can be read in the same batch, before the awaiting code runs, and by then the state
 * says PLACE_SHIPS with no winner. A listener sees every frame in order and keeps what it needs.
 *
 * Only an ENDED reached after PLAY counts, so the previous game's ENDED (before a replay) does not.
 */
export class EndWatch {
  private sawPlay = false;
  private endedSeen = false;
  private winner: Winner | null = null;
  private reason: EndReason | null = null;
  private result: GameEnd | null = null;
  private readonly unsubscribe: () => void;

  /** Subscribes before any wait on `client` can, so it has seen a frame before a wait's check. */
  constructor(private readonly client: GameClient) {
    this.unsubscribe = client.subscribe((state) => this.observe(state));
    this.observe(client.state);
  }

  /** True once this game's ENDED status has been seen (the winner may still be on its way). */
  get ended(): boolean {
    return this.endedSeen;
  }

  /** The end, once the winner (and the reason, from a server that sends it) is known. */
  get end(): GameEnd | null {
    return this.result;
  }

  private observe(s: ClientGameState): void {
    if (this.result) return;
    if (s.gameStatus === 'PLAY') this.sawPlay = true;
    if (!this.sawPlay) return;
    if (s.gameStatus === 'ENDED') this.endedSeen = true;
    if (s.winner) this.winner = s.winner;
    if (s.match.endReason) this.reason = s.match.endReason;
    // A server without the match event never sets its clock (serverNow stays 0): no reason will come.
    if (this.endedSeen && this.winner && (this.reason || s.match.serverNow === 0)) {
      this.result = { winner: this.winner, endReason: this.reason, final: s };
      this.unsubscribe();
    }
  }

  /** Resolves with the end; rejects with a TIMEOUT BotError after `timeoutMs`, like every wait of a bot. */
  async wait(timeoutMs: number): Promise<GameEnd> {
    await waitForState(this.client, () => this.result !== null, 'the end of the game', timeoutMs);
    if (!this.result) throw new Error('unreachable: the wait ended without the end');
    return this.result;
  }

  /** Stops listening (the game was abandoned). */
  stop(): void {
    this.unsubscribe();
  }
}
