import { createRng, randomFleet, type ShipMap, type ShotResult, validateFleet } from '../../src/game';
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
import { type BattlePlace, isErrorAck } from '../../src/protocol';
import { CliError } from '../errors';
import { type Account, createRoom, login, register, takeSeat } from '../session';
import type { Script } from './schema';

export interface ScriptStep {
  readonly index: number;
  readonly x: number;
  readonly y: number;
  readonly result: ShotResult;
  readonly expect?: ShotResult;
}

export interface ScriptReport {
  readonly slug: string;
  readonly username: string;
  readonly steps: readonly ScriptStep[];
  /** The opponent's scripted shots that were fired, each with the answer it got. */
  readonly opponentSteps: readonly ScriptStep[];
  readonly winner: string | null;
}

function account(server: string, script: Script): Promise<Account> {
  return 'register' in script.account ? register(server, 'script') : login(server, script.account);
}

function checkedFleet(fleet: ShipMap, whose: string): ShipMap {
  const valid = validateFleet(fleet);
  if (!valid.ok) throw new CliError(`${whose} is not a legal layout: ${valid.error.code} (ship ${valid.error.ship})`);
  return fleet;
}

/**
 * Plays a script: seats the scripted player (and, if asked, a bot opponent), places the fleet, then
 * fires the shots in order, each on the player's turn. The first difference from what the script
 * expects — a refused action, another result, a game over too early, another winner — stops the
 * run with a CliError that says which step and what happened.
 */
export async function runScript(
  script: Script,
  server: string,
  stepTimeoutMs: number,
  onStep: (step: ScriptStep) => void = () => {},
): Promise<ScriptReport> {
  const fleet = checkedFleet(
    script.fleet === 'random' ? randomFleet(createRng(gameSeed(script.seed, 0, 30))) : script.fleet,
    'fleet',
  );
  const me = await account(server, script);
  const slug = 'join' in script.room ? script.room.join : await createRoom(me);
  const client = await takeSeat(server, me, slug);
  // Every opponent shot, as this player's client hears of it, to check a scripted opponent's answers.
  const theirShots: BattlePlace[] = [];
  const stopListening = client.subscribe((state, change) => {
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
      const opponentFleet = spec.fleet ? checkedFleet(spec.fleet, 'opponent.fleet') : undefined;
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
    for (const [index, shot] of script.shots.entries()) {
      const label = `shot #${index + 1} at (${shot.x},${shot.y})`;
      const state = await waitForState(
        client,
        (s) => watch.ended || turn.mine(s) || opponentFailure !== null,
        `the turn for ${label}`,
        stepTimeoutMs,
      ).catch(() => {
        throw new CliError(`${label}: not my turn within ${stepTimeoutMs / 1000} s`);
      });
      if (opponentFailure) throw new CliError(`the opponent bot stopped: ${(opponentFailure as Error).message}`);
      if (watch.ended) {
        const winner = watch.end?.winner.username ?? 'unknown';
        throw new CliError(`the game ended (${winner} won) before ${label}`);
      }
      const reply = await client.shoot(shot);
      if (isErrorAck(reply)) throw new CliError(`${label}: refused by the server with ${reply.error}`);
      turn.fired(reply, state);
      const step: ScriptStep = {
        index,
        x: shot.x,
        y: shot.y,
        result: reply,
        ...(shot.expect ? { expect: shot.expect } : {}),
      };
      steps.push(step);
      onStep(step);
      if (shot.expect && shot.expect !== reply) throw new CliError(`${label}: expected ${shot.expect}, got ${reply}`);
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
    const opponentSteps = checkOpponent(script, theirShots);
    return { slug, username: me.username, steps, opponentSteps, winner };
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}

/** Checks the scripted opponent's shots that were fired against what the script expects of them. */
function checkOpponent(script: Script, fired: readonly BattlePlace[]): ScriptStep[] {
  const planned = script.opponent?.shots ?? [];
  return fired.slice(0, planned.length).map((shot, index) => {
    const plan = planned[index];
    const label = `opponent shot #${index + 1} at (${plan?.x},${plan?.y})`;
    if (plan && (plan.x !== shot.x || plan.y !== shot.y))
      throw new CliError(`${label}: the opponent fired at (${shot.x},${shot.y}) instead`);
    if (plan?.expect && plan.expect !== shot.result)
      throw new CliError(`${label}: expected ${plan.expect}, got ${shot.result}`);
    return { index, x: shot.x, y: shot.y, result: shot.result, ...(plan?.expect ? { expect: plan.expect } : {}) };
  });
}
