/**
 * `node --expose-gc --import tsx bench/state-heap.ts`: the heap one game's state (src/game's
 * GameState) holds, to weigh a change of its representation (boards as typed arrays, issue 24)
 * against the rest of a game's live heap (bench/socket-heap.ts). Builds `--games` states with
 * src/game's own functions, both fleets placed at random and `shots` shots fired in random order,
 * keeps them all, and divides the heap they hold (after a full collection) by their number.
 *
 *   node --expose-gc --import tsx bench/state-heap.ts [--games 5000]
 */
import {
  type Coord,
  createRng,
  fire,
  type GameState,
  join,
  newGame,
  placeShips,
  randomFleet,
  start,
} from '../src/game';
import { numberFlags } from './flags';

const games = numberFlags()('--games', 5000, { whole: true });
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) {
  console.error('run with node --expose-gc');
  process.exit(2);
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`src/game refused: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** A game in PLAY with up to `shots` shots fired (fewer when it ends first). */
function played(seed: number, shots: number): GameState {
  const rng = createRng(seed);
  const ids = [`player-a-${seed}`, `player-b-${seed}`];
  let state = newGame();
  for (const id of ids) state = unwrap(join(state, id));
  state = unwrap(start(state, ids[0] ?? ''));
  for (const id of ids) state = unwrap(placeShips(state, id, randomFleet(rng), rng));
  const aims = new Map<string, Coord[]>(
    ids.map((id) => {
      const cells = Array.from({ length: 100 }, (_, i) => ({ x: i % 10, y: Math.floor(i / 10) }));
      for (let i = cells.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [cells[i], cells[j]] = [cells[j] as Coord, cells[i] as Coord];
      }
      return [id, cells];
    }),
  );
  for (let k = 0; k < shots && state.status === 'PLAY' && state.turn; k++) {
    const target = aims.get(state.turn)?.pop();
    if (!target) break;
    state = unwrap(fire(state, state.turn, [target])).state;
  }
  return state;
}

console.log(`heap per GameState, ${games} states kept`);
let kept: GameState[] = [];
for (const shots of [0, 40, 80]) {
  kept = [];
  collect();
  const before = process.memoryUsage().heapUsed;
  kept = Array.from({ length: games }, (_, i) => played(i + 1, shots));
  collect();
  const after = process.memoryUsage().heapUsed;
  const fired = kept.reduce((n, s) => n + s.shots.length, 0) / games;
  console.log(
    `${String(shots).padStart(3)} shots asked (${fired.toFixed(1)} fired): ${((after - before) / games / 1024).toFixed(2)} KB`,
  );
}
