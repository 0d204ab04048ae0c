import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Coord,
  cellIndex,
  coordOf,
  createRng,
  fire,
  type GameState,
  knownOpponentGrid,
  makeRules,
  newGame,
  replayState,
  type Rules,
  type ShipMap,
  shipEntries,
  shotsAllowed,
  shotsBy,
} from '../../src/game';
import { type Bot, placerNamed, playGame, shooterNamed } from '../../src/bots';
import { ApiClient, type ClientGameState, type GameClient, isErrorAck } from '../../src/protocol';
import { type Seat, startAndPlace, twoPlayersInRoom } from '../support/game';
import { connectClient, newPlayer, rawSpecSocket, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Salvo over the socket (docs/protocol.md, "shoot"; docs/game.md, "Rule variants"), on a real
 * server with real socket.io clients: a turn is as many distinct cells as the shooter has ships
 * afloat, sent together and answered together in order; anything else is refused and changes nothing.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'broadside-salvo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SALVO = makeRules({ shots: 'salvo' });

const roomWith = (server: TestServer, rules: Partial<Rules>) =>
  twoPlayersInRoom(server.url, { rules, seeds: [11, 12] });

/** The game as the test expects it, kept with src/game's own rules beside the server's. */
function mirrorOf(rules: Rules, first: Seat, second: Seat): GameState {
  return {
    ...newGame(rules),
    status: 'PLAY',
    players: [first.player.id, second.player.id],
    fleets: { [first.player.id]: first.fleet, [second.player.id]: second.fleet },
    turn: first.player.id,
  };
}

/** The next `count` cells `shooter` has not shot, in reading order. */
function nextCells(state: GameState, shooter: string, count: number): Coord[] {
  const shot = shotsBy(state, shooter);
  const out: Coord[] = [];
  for (let i = 0; i < 100 && out.length < count; i++) if (!shot.has(i)) out.push(coordOf(i));
  return out;
}

const fleetCells = (fleet: ShipMap): Set<number> =>
  new Set(shipEntries(fleet).flatMap(([, cells]) => cells.map(cellIndex)));

/** Counts the cells of a grid that were shot. */
const shotCells = (s: ClientGameState): number => s.opponentBoats.flat().filter((c) => c !== 'E').length;

function seatOf(id: string | null, seats: readonly Seat[]): Seat {
  const seat = seats.find((s) => s.player.id === id);
  if (!seat) throw new Error(`no seat ${id}`);
  return seat;
}

/** Waits until `client` sees `shots` cells shot on its opponent grid and the turn with `turn`. */
function settled(client: GameClient, shots: number, turn: string | null): Promise<ClientGameState> {
  return waitForState(
    client,
    (s) =>
      shotCells(s) === shots &&
      (turn === null ? s.gameStatus === 'ENDED' : s.members.find((m) => m.hasToPlay)?.userId === turn),
  );
}

/** One salvo through the socket: acks in order, checked against the fleet and against src/game. */
async function fireSalvo(state: GameState, seat: Seat, target: Seat): Promise<GameState> {
  const shooter = seat.player.id;
  const count = shotsAllowed(state, shooter);
  // Fired last cell first: the order fired is not the grid's, and the views must keep it (lastMove).
  const cells = nextCells(state, shooter, count).reverse();
  const reply = await seat.client.shoot(cells);
  if (isErrorAck(reply)) throw new Error(`salvo refused: ${reply.error} ${reply.message ?? ''}`);
  const water = fleetCells(target.fleet);
  expect(reply).toHaveLength(count);
  reply.forEach((result, i) => {
    const cell = cells[i] as Coord;
    expect(result === 'M', `${JSON.stringify(cell)} → ${result}`).toBe(!water.has(cellIndex(cell)));
  });
  const expected = fire(state, shooter, cells);
  if (!expected.ok) throw new Error(expected.error);
  expect(reply).toEqual(expected.value.outcomes.map((o) => o.result));
  return expected.value.state;
}

describe('salvo over the socket', () => {
  it('plays a salvo game to the end through a restart, refusing wrong counts without a change; the replay reproduces it', async () => {
    let server = await startTestServer({ dataDir });
    const { slug, a, b } = await roomWith(server, { shots: 'salvo' });
    expect((await waitForState(a.client, (s) => s.match.serverNow > 0)).match.rules).toEqual(SALVO);
    const { first, second } = await startAndPlace(slug, a, b);
    let state = mirrorOf(SALVO, first, second);

    // Five ships afloat: five cells. Four, six, one cell alone, a cell twice, a cell off the grid,
    // or a salvo out of turn are each refused with a reason, and nothing changes.
    const five = nextCells(state, first.player.id, 5);
    const refusals: [unknown, string, RegExp | null][] = [
      [five.slice(0, 4), 'WRONG_SHOT_COUNT', /takes 5 shots \(one per ship you have afloat\); 4 sent/],
      [[...five, { x: 9, y: 9 }], 'WRONG_SHOT_COUNT', /6 sent/],
      [five[0], 'WRONG_SHOT_COUNT', /1 sent/],
      [[...five.slice(0, 4), five[0]], 'ALREADY_SHOT', null],
      [[...five.slice(0, 4), { x: 10, y: 0 }], 'BAD_PAYLOAD', null],
      [[], 'BAD_PAYLOAD', null],
    ];
    for (const [payload, code, message] of refusals) {
      const reply: unknown = await first.client.socket.timeout(5000).emitWithAck('shoot', payload as Coord);
      expect(reply, JSON.stringify(payload)).toMatchObject({ error: code });
      if (message) expect((reply as { message: string }).message).toMatch(message);
    }
    expect(await second.client.shoot(nextCells(state, second.player.id, 5))).toMatchObject({ error: 'NOT_YOUR_TURN' });
    for (const seat of [first, second]) {
      expect(shotCells(seat.client.state)).toBe(0);
      expect(seat.client.state.playerBoats.flat().filter((c) => c === 'M' || c === 'H' || c === 'D')).toEqual([]);
    }

    // Turns alternate, each salvo as large as its shooter's fleet afloat; halfway the server restarts.
    let turns = 0;
    let restarted = false;
    while (state.status === 'PLAY') {
      const shooter = seatOf(state.turn, [first, second]);
      const target = shooter === first ? second : first;
      const count = shotsAllowed(state, shooter.player.id);
      state = await fireSalvo(state, shooter, target);
      turns++;
      const fired = shotsBy(state, shooter.player.id).size;
      const seen = await settled(shooter.client, fired, state.turn);
      // The move's shots in the order fired, in both members' views (docs/protocol.md, broadside/2).
      const move = state.shots.slice(-count);
      expect(seen.lastMove).toEqual(move);
      await waitForState(target.client, (s) => JSON.stringify(s.lastMove) === JSON.stringify(move));
      if (!restarted && turns === 6) {
        restarted = true;
        a.client.close();
        b.client.close();
        await server.close();
        server = await startTestServer({ dataDir });
        for (const seat of [first, second]) {
          seat.client.close();
          Object.assign(seat, { client: await connectClient(server.url, seat.player.token, slug) });
          expect(await seat.client.joinRoom(slug)).toBe('PLAY');
          const after = await settled(seat.client, shotsBy(state, seat.player.id).size, state.turn);
          expect(after.opponentBoats).toEqual(knownOpponentGrid(state, seat.player.id));
          expect(after.match.rules).toEqual(SALVO);
        }
        // A salvo of the size before a sink is refused when a ship went down since: the count is the rules'.
        const shooterNow = seatOf(state.turn, [first, second]);
        const allowed = shotsAllowed(state, shooterNow.player.id);
        if (allowed < 5) {
          const wrong = await shooterNow.client.shoot(nextCells(state, shooterNow.player.id, allowed + 1));
          expect(wrong).toMatchObject({ error: 'WRONG_SHOT_COUNT' });
        }
      }
    }
    expect(restarted).toBe(true);
    const winner = seatOf(state.winner, [first, second]);
    const ended = await waitForState(winner.client, (s) => s.gameStatus === 'ENDED' && s.winner !== null);
    expect(ended.winner?.userId).toBe(state.winner);
    expect(ended.match.endReason).toBe('SUNK');

    // The record of the game carries its rules, and replaying it gives the same game, turn by turn.
    const api = new ApiClient({ baseUrl: server.url, token: winner.player.token });
    const history = await api.history('me');
    const entry = history.games[0];
    if (!entry) throw new Error('no history entry');
    expect(entry.rules).toEqual(SALVO);
    const record = await api.gameRecord(entry.gameId);
    expect(record.rules).toEqual(SALVO);
    const source = { ...record, players: record.players.map((p) => ({ userId: p.userId, fleet: p.fleet })) };
    expect(record.shots.map(({ shooterId, x, y, result }) => ({ shooterId, x, y, result }))).toEqual(state.shots);
    const replayed = replayState(source, record.shots.length);
    expect(replayed).toMatchObject({ status: 'ENDED', winner: state.winner, shots: state.shots });
    // After the first salvo (five shots) the turn is the second player's.
    expect(replayState(source, 5).turn).toBe(second.player.id);
    expect(replayState(source, 4).turn).toBe(first.player.id);
    for (const seat of [first, second]) seat.client.close();
    await server.close();
  });

  it('answers an array with an array in a one-shot room, refuses two cells there, and keeps the SPEC dialect to one cell', async () => {
    const server = await startTestServer();
    const { slug, a, b } = await roomWith(server, {});
    try {
      const { first, second } = await startAndPlace(slug, a, b);
      const state = mirrorOf(makeRules(), first, second);
      const two = nextCells(state, first.player.id, 2);
      expect(await first.client.shoot(two)).toMatchObject({
        error: 'WRONG_SHOT_COUNT',
        message: /takes 1 shot; 2 sent/,
      });
      const reply = await first.client.shoot(two.slice(0, 1));
      expect(Array.isArray(reply) && reply.length === 1).toBe(true);
      await settled(first.client, 1, second.player.id);

      // The original protocol shoots one cell: an array from a SPEC-dialect socket is a bad payload.
      const raw = await rawSpecSocket(server.url, second.player.token, slug);
      try {
        const joined: unknown = await raw.socket.timeout(5000).emitWithAck('joinRoom', slug);
        expect(joined).toEqual({ gameStatus: 'PLAY' });
        const array: unknown = await raw.socket.timeout(5000).emitWithAck('shoot', [{ x: 0, y: 0 }]);
        expect(array).toMatchObject({ code: 'BAD_PAYLOAD' });
        const one: unknown = await raw.socket.timeout(5000).emitWithAck('shoot', { x: 0, y: 0 });
        expect(['M', 'H', 'D']).toContain(one);
      } finally {
        raw.socket.close();
      }
    } finally {
      a.client.close();
      b.client.close();
      await server.close();
    }
  });

  it('lets bots play salvo rooms to the end as a set of cells a turn, against each other and against the computer', async () => {
    const server = await startTestServer();
    try {
      const rules = makeRules({ fleet: 'russian', shots: 'salvo', again: 'hit' });
      const { slug, a, b } = await roomWith(server, rules);
      expect(slug).not.toBe('');
      const bot = (seat: Seat, seed: number): Bot => ({
        userId: seat.player.id,
        shooter: shooterNamed('density'),
        placer: placerNamed('random'),
        rng: createRng(seed),
      });
      const [one, two] = await Promise.all([
        playGame(a.client, bot(a, 1), { start: true, stepTimeoutMs: 20_000 }),
        playGame(b.client, bot(b, 2), { start: false, stepTimeoutMs: 20_000 }),
      ]);
      expect(one.winner).toEqual(two.winner);
      expect(one.won).not.toBe(two.won);
      a.client.close();
      b.client.close();
      // Stored as salvos: the first turn is ten cells, one per ship of a russian fleet.
      const api = new ApiClient({ baseUrl: server.url, token: a.player.token });
      const entry = (await api.history('me')).games[0];
      if (!entry) throw new Error('no history entry');
      expect(entry.rules).toEqual(rules);
      const record = await api.gameRecord(entry.gameId);
      expect(record.rules).toEqual(rules);
      expect(runsOf(record.shots)[0]?.n).toBeGreaterThanOrEqual(10);

      // The server's computer player, hard level, fires salvos of its own fleet afloat.
      const human = await newPlayer(server.url, 'human');
      const game = await human.api.computerGame({ level: 'hard', rules: { shots: 'salvo' } });
      const client = await connectClient(server.url, human.token, game.slug);
      try {
        expect(await client.joinRoom(game.slug)).toBe('PLACE_SHIPS');
        const outcome = await playGame(
          client,
          { userId: human.id, shooter: shooterNamed('hunt'), placer: placerNamed('random'), rng: createRng(5) },
          { start: false, stepTimeoutMs: 20_000 },
        );
        expect([human.id, game.bot.userId]).toContain(outcome.winner.userId);
        expect(client.state.match.rules).toEqual(makeRules({ shots: 'salvo' }));
      } finally {
        client.close();
      }
      const row = await server.store.db
        .selectFrom('games')
        .select('id')
        .where('room_slug', '=', game.slug)
        .executeTakeFirstOrThrow();
      // Turns alternate (again=never): each of the computer's salvos is as long as its fleet afloat, five at first.
      const computerRuns = runsOf(await server.store.rounds.shotsOf(row.id)).filter(
        (r) => r.shooter === game.bot.userId,
      );
      expect(computerRuns[0]?.n).toBe(5);
      expect(computerRuns.every((r) => r.n >= 1 && r.n <= 5)).toBe(true);
    } finally {
      await server.close();
    }
  });
});

/** Consecutive shots of one shooter, as runs. */
function runsOf(shots: readonly { readonly shooterId: string }[]): { shooter: string; n: number }[] {
  const runs: { shooter: string; n: number }[] = [];
  for (const shot of shots) {
    const last = runs[runs.length - 1];
    if (last && last.shooter === shot.shooterId) last.n++;
    else runs.push({ shooter: shot.shooterId, n: 1 });
  }
  return runs;
}
