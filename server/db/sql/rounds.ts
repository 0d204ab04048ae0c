import type { Kysely } from 'kysely';
import type { EndReason, Shot } from '../../../src/game';
import type { Database } from '../schema';
import type { FleetWrite, RoundEnd, RoundStore, SalvoWrite, ShotWrite, TimeoutWrite } from '../storage';
import { TickBatch } from '../tick-batch';
import type { MoveCommit, MoveWrite } from './move-commit';
import { type MoveRow, moveOf, TIMEOUT_RESULT } from './moves';
import { closeRoundQueries } from './round-end';

/**
 * Rounds in SQL: their start, fleets, moves and end. Moves are the hot path: the moves of one
 * event-loop turn share one commit (tick-batch.ts), written by the dialect's own `commit`
 * (move-commit.ts), so a busy server pays one transaction per turn instead of one per shot and
 * still acknowledges a shot only once it is stored.
 */
export class SqlRounds implements RoundStore {
  private readonly moves: TickBatch<MoveWrite>;

  constructor(
    private readonly db: Kysely<Database>,
    commit: MoveCommit,
  ) {
    this.moves = new TickBatch(commit);
  }

  /** Opens a new round (start or replay, by `startedBy`) and moves the room to PLACE_SHIPS. */
  async startRound(slug: string, round: number, startedBy: string | null = null): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      // The game keeps the room's rules (008), for its history, replay and rating.
      const room = await tx.selectFrom('rooms').select('rules').where('slug', '=', slug).executeTakeFirst();
      const row = await tx
        .insertInto('games')
        .values({
          ...(room ? { rules: room.rules } : {}),
          room_slug: slug,
          round,
          started_at: Date.now(),
          first_player: null,
          winner_id: null,
          ended_at: null,
          started_by: startedBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.updateTable('rooms').set({ status: 'PLACE_SHIPS' }).where('slug', '=', slug).execute();
      return row.id;
    });
  }

  async saveFleet({ slug, gameId, userId, fleet, firstPlayer, playStartedAt = Date.now() }: FleetWrite): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('fleets')
        .values({ game_id: gameId, user_id: userId, ships: JSON.stringify(fleet) })
        .onConflict((oc) => oc.columns(['game_id', 'user_id']).doUpdateSet({ ships: JSON.stringify(fleet) }))
        .execute();
      if (firstPlayer !== null) {
        await tx
          .updateTable('games')
          .set({ first_player: firstPlayer, play_started_at: playStartedAt })
          .where('id', '=', gameId)
          .execute();
        await tx.updateTable('rooms').set({ status: 'PLAY' }).where('slug', '=', slug).execute();
      }
    });
  }

  addShot({ shot, ...write }: ShotWrite): Promise<void> {
    return this.addShots({ ...write, shots: [shot] });
  }

  addShots({ slug, gameId, seq, shots, winner, at = Date.now() }: SalvoWrite): Promise<void> {
    return this.addMove(slug, gameId, seq, shots, at, winner === null ? null : { winner, reason: 'SUNK' });
  }

  addTimeout({ slug, gameId, seq, playerId, deadline, winner }: TimeoutWrite): Promise<void> {
    const move = { shooterId: playerId, x: -1, y: -1, result: TIMEOUT_RESULT };
    return this.addMove(slug, gameId, seq, [move], deadline, winner === null ? null : { winner, reason: 'CLOCK' });
  }

  private addMove(
    slug: string,
    gameId: number,
    seq: number,
    rows: readonly MoveRow[],
    at: number,
    end: RoundEnd | null,
  ): Promise<void> {
    return this.moves.add({ slug, gameId, seq, rows, at, end, endedAt: Date.now() });
  }

  get moveCommits(): { commits: number; shots: number } {
    return { commits: this.moves.commits, shots: this.moves.committed };
  }

  observeCommits(listener: (seconds: number, moves: number) => void): void {
    this.moves.onCommitted = listener;
  }

  async endGame(slug: string, gameId: number, winner: string, reason: EndReason): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const query of closeRoundQueries(tx, slug, gameId, { winner, reason }, Date.now()))
        await tx.executeQuery(query);
    });
  }

  async shotsOf(gameId: number): Promise<Shot[]> {
    const rows = await this.db.selectFrom('shots').selectAll().where('game_id', '=', gameId).orderBy('seq').execute();
    return rows.flatMap(moveOf).flatMap((m) => (m.kind === 'shot' ? [m.shot] : []));
  }
}
