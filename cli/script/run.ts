import {
  CLASSIC_RULES,
  formatRules,
  type Coord,
  cellIndex,
  createRng,
  GRID_SIZE,
  randomFleet,
  type Rules,
  type ShipMap,
  type ShotResult,
  validateFleet,
} from '../../src/game';
import {
  type Bot,
  EndWatch,
  gameSeed,
  placerNamed,
  playGame,
  shooterNamed,
  startAndPlace,
  scriptedShooter,
  TurnTracker,
  waitForState,
} from '../../src/bots';
import { type ClientGameState, isErrorAck, shotsThisTurn } from '../../src/protocol';
import { CliError } from '../errors';
import { type Account, createRoom, login, register, takeSeat } from '../session';
import type { Script } from './schema';

export interface ScriptStep {
  readonly index: number;
  readonly x: number;
  readonly y: number;
  readonly result: ShotResult;
  readonly expect?: ShotResult;
  /**
   * Fired by the runner, not the script: the last salvo needed more cells than the script had left
   * (who shoots first is the server's draw, so a replayed salvo game may size its moves otherwise).
   */
  readonly filler?: true;
}

/** An opponent shot as this player's own grid shows it. */
interface ShotTaken {
  readonly x: number;
  readonly y: number;
  readonly result: ShotResult;
}

export interface ScriptReport {
  readonly slug: string;
  readonly username: string;
  readonly steps: readonly ScriptStep[];
  /** The opponent's scripted shots that were fired, each with the answer it got. */
  readonly opponentSteps: readonly ScriptStep[];
  readonly winner: string | null;
  /** The room's rules, written as `--rules` takes them. */
  readonly rules: string;
}

function account(server: string, script: Script): Promise<Account> {
  return 'register' in script.account ? register(server, 'script') : login(server, script.account);
}

function checkedFleet(fleet: ShipMap, whose: string, rules: Rules): ShipMap {
  const valid = validateFleet(fleet, rules);
  if (!valid.ok) throw new CliError(`${whose} is not a legal layout: ${valid.error.code} (ship ${valid.error.ship})`);
  return fleet;
}

/** The rules a script plays under: `--rules`, else the file's `rules`, else classic. */
export function scriptRules(script: Script, override?: Rules): Rules {
  return override ?? script.rules ?? CLASSIC_RULES;
}

/**
 * The cells of the move that starts at script shot `next`: as many as the turn allows (one, or one
 * per own ship afloat under salvo rules). When the script has fewer left, the move is filled with
 * cells this player never shot, in board order; they are marked as filler and not checked.
 */
export function nextMove(
  shots: readonly Coord[],
  next: number,
  count: number,
  opponentGrid: ClientGameState['opponentBoats'],
): { cells: Coord[]; fillers: number } {
  const cells = shots.slice(next, next + count).map((c) => ({ x: c.x, y: c.y }));
  const scripted = cells.length;
  const taken = new Set(cells.map(cellIndex));
  for (let i = 0; i < GRID_SIZE * GRID_SIZE && cells.length < count; i++) {
    const c = { x: i % GRID_SIZE, y: Math.floor(i / GRID_SIZE) };
    if (opponentGrid[c.y]?.[c.x] === 'E' && !taken.has(i)) cells.push(c);
  }
  return { cells, fillers: cells.length - scripted };
}

/** Whether every script shot from `next` on is a miss (or expects nothing): what follows a won salvo. */
export function trailingMisses(shots: readonly { readonly expect?: ShotResult }[], next: number): boolean {
  return shots.slice(next).every((s) => s.expect === undefined || s.expect === 'M');
}

/**
 * Plays a script: seats the scripted player (and, if asked, a bot opponent), places the fleet, then
 * fires the shots in order, each on the player's turn. The first difference from what the script
 * expects — a refused action, another result, a game over too early, another winner — stops the
 * run with a CliError that says which step and what happened. A created room takes `rules`
 * (scriptRules); under salvo rules the shots are fired in moves of as many as the turn allows.
 */
export async function runScript(
  script: Script,
  server: string,
  stepTimeoutMs: number,
  onStep: (step: ScriptStep) => void = () => {},
  rulesOverride?: Rules,
): Promise<ScriptReport> {
  if ('join' in script.room && (rulesOverride || script.rules)) {
    throw new CliError('rules choose the room a script creates: a joined room keeps the rules it was created with');
  }
  const rules = scriptRules(script, rulesOverride);
  const fleet = checkedFleet(
    script.fleet === 'random' ? randomFleet(createRng(gameSeed(script.seed, 0, 30)), rules) : script.fleet,
    'fleet',
    rules,
  );
  const me = await account(server, script);
  const slug = 'join' in script.room ? script.room.join : await createRoom(me, null, rules);
  const client = await takeSeat(server, me, slug);
  // Every opponent shot, as this player's client hears of it, to check a scripted opponent's answers.
  const theirShots: ShotTaken[] = [];
  // Under salvo rules one frame tells a whole move: read the new shots off the own grid, in the
  // order the script planned them (the grid does not say the order, nor which cell sank a ship).
  const salvo = rules.shots === 'salvo';
  const plannedAt = new Map((script.opponent?.shots ?? []).map((c, i) => [cellIndex(c), i] as const));
  const seenAtMe = new Set<number>();
  const stopListening = client.subscribe((state, change) => {
    if (salvo) {
      const fresh: ShotTaken[] = [];
      state.playerBoats.forEach((row, y) => {
        row.forEach((cell, x) => {
          const i = cellIndex({ x, y });
          if ((cell === 'M' || cell === 'H' || cell === 'D') && !seenAtMe.has(i)) {
            seenAtMe.add(i);
            fresh.push({ x, y, result: cell });
          }
        });
      });
      const order = (c: ShotTaken): number => plannedAt.get(cellIndex(c)) ?? Number.POSITIVE_INFINITY;
      theirShots.push(...fresh.sort((a, b) => order(a) - order(b)));
      return;
    }
    const shot = state.battlePlace;
    // A field event `battlePlace`, or a broadside/2 frame (the whole view, the last shot in it).
    if ((change !== 'battlePlace' && change !== 'state') || !shot || shot.shooterId === me.userId) return;
    if (!theirShots.some((s) => s.x === shot.x && s.y === shot.y)) theirShots.push(shot);
  });
  const cleanups: (() => void)[] = [stopListening, () => client.close()];
  let opponentFailure: Error | null = null;
  try {
    if (script.opponent) {
      const spec = script.opponent;
      const opponentFleet = spec.fleet ? checkedFleet(spec.fleet, 'opponent.fleet', rules) : undefined;
      const other = await register(server, 'script_opp');
      const otherClient = await takeSeat(server, other, slug);
      cleanups.push(() => otherClient.close());
      const placer = placerNamed(spec.placement);
      const strategy = shooterNamed(spec.strategy);
      const bot: Bot = {
        userId: other.userId,
        shooter: spec.shots ? scriptedShooter(spec.shots, strategy) : strategy,
        placer: opponentFleet ? { ...placer, place: () => opponentFleet } : placer,
        rng: createRng(gameSeed(spec.seed, 0, 31)),
      };
      // The opponent plays in the background; its failure matters only if it happens mid-script.
      playGame(otherClient, bot, { start: false, stepTimeoutMs }).catch((error: unknown) => {
        opponentFailure = error instanceof Error ? error : new Error(String(error));
      });
    }
    const watch = new EndWatch(client);
    cleanups.push(() => watch.stop());
    await startAndPlace(client, fleet, { start: true, stepTimeoutMs }).catch((error: unknown) => {
      throw new CliError(`before the first shot: ${error instanceof Error ? error.message : String(error)}`);
    });

    const turn = new TurnTracker(me.userId);
    const steps: ScriptStep[] = [];
    for (let next = 0; next < script.shots.length; ) {
      const first = script.shots[next];
      const label = `shot #${next + 1} at (${first?.x},${first?.y})`;
      const state = await waitForState(
        client,
        (s) => watch.ended || turn.mine(s) || opponentFailure !== null,
        `the turn for ${label}`,
        stepTimeoutMs,
      ).catch(() => {
        throw new CliError(`${label}: not my turn within ${stepTimeoutMs / 1000} s`);
      });
      if (opponentFailure) throw new CliError(`the opponent bot stopped: ${(opponentFailure as Error).message}`);
      if (watch.ended && salvo && watch.end?.winner.userId === me.userId && trailingMisses(script.shots, next)) {
        // A salvo's cells after the last sink count as misses (docs/game.md): a replayed game may
        // size its moves otherwise (who shoots first is drawn), so the win can come a move earlier.
        break;
      }
      if (watch.ended) {
        const winner = watch.end?.winner.username ?? 'unknown';
        throw new CliError(`the game ended (${winner} won) before ${label}`);
      }
      const { cells, fillers } = nextMove(script.shots, next, salvo ? shotsThisTurn(state) : 1, state.opponentBoats);
      const move = cells.length === 1 ? `${label}` : `the salvo from ${label} (${cells.length} cells)`;
      const [one] = cells;
      if (!one) throw new CliError(`${label}: no cell left to fire at`);
      const reply = salvo ? await client.shoot(cells) : await client.shoot(one);
      if (isErrorAck(reply)) throw new CliError(`${move}: refused by the server with ${reply.error}`);
      turn.fired(reply, state);
      const results = typeof reply === 'string' ? [reply] : reply;
      for (const [k, cell] of cells.entries()) {
        const index = next + k;
        const planned = k < cells.length - fillers ? script.shots[index] : undefined;
        const result = results[k];
        if (!result) throw new CliError(`${move}: the server answered ${results.length} of ${cells.length} cells`);
        const step: ScriptStep = {
          index,
          x: cell.x,
          y: cell.y,
          result,
          ...(planned?.expect ? { expect: planned.expect } : {}),
          ...(planned ? {} : { filler: true as const }),
        };
        steps.push(step);
        onStep(step);
        if (planned?.expect && planned.expect !== result)
          throw new CliError(`shot #${index + 1} at (${cell.x},${cell.y}): expected ${planned.expect}, got ${result}`);
      }
      next += cells.length - fillers;
    }

    let winner: string | null = null;
    if (script.expectWinner) {
      const { winner: w } = await watch.wait(stepTimeoutMs).catch(() => {
        throw new CliError(`expected ${script.expectWinner === 'me' ? 'a win' : 'a loss'}, but the game is not over`);
      });
      winner = w.username;
      const iWon = w.userId === me.userId;
      if (iWon !== (script.expectWinner === 'me')) {
        throw new CliError(`expected ${script.expectWinner === 'me' ? 'to win' : 'to lose'}, but ${w.username} won`);
      }
    }
    const opponentSteps = checkOpponent(script, theirShots, salvo);
    return { slug, username: me.username, steps, opponentSteps, winner, rules: formatRules(rules) };
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}

/**
 * Checks the scripted opponent's shots that were fired against what the script expects of them.
 * Under salvo rules the own grid shows a hit ship sunk on every cell of it, not which shot of the
 * move sank it: there a hit is checked as a hit (H or D) and a miss as a miss.
 */
function checkOpponent(script: Script, fired: readonly ShotTaken[], salvo: boolean): ScriptStep[] {
  const planned = script.opponent?.shots ?? [];
  return fired.slice(0, planned.length).map((shot, index) => {
    const plan = planned[index];
    const label = `opponent shot #${index + 1} at (${plan?.x},${plan?.y})`;
    if (plan && (plan.x !== shot.x || plan.y !== shot.y))
      throw new CliError(`${label}: the opponent fired at (${shot.x},${shot.y}) instead`);
    const same = salvo ? (plan?.expect === 'M') === (shot.result === 'M') : plan?.expect === shot.result;
    if (plan?.expect && !same) throw new CliError(`${label}: expected ${plan.expect}, got ${shot.result}`);
    return { index, x: shot.x, y: shot.y, result: shot.result, ...(plan?.expect ? { expect: plan.expect } : {}) };
  });
}
