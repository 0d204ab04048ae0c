/**
 * A stand-alone page for developing and benchmarking the stage without a server: the real rules
 * of src/game play a local game against a random bot and feed the real game store.
 * Served by Vite at /src/stage/dev/harness.html; bench/frames.ts drives it through `window.harness`.
 */
import { i18nReady, loadTexts } from '../../app/i18n/setup';
import { createRoot } from 'react-dom/client';
import '../../app/styles/theme.css';
import '../../app/styles/game.css';
import { useStoreStageProps } from '../../app/components/game/stage-view';
import { gameStore, mayShoot } from '../../app/stores/game';
import { preferencesStore } from '../../app/stores/preferences';
import {
  type Coord,
  createRng,
  type GameState,
  GRID_SIZE,
  join,
  newGame,
  placeShips,
  playerView,
  randomFleet,
  shoot,
  start,
} from '../../game';
import GameStage from '../GameStage';

const ME = 'me';
const BOT = 'bot';
const rng = createRng(42);
let game: GameState = newGame();

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(`harness: ${JSON.stringify(r.error)}`);
  return r.value;
}

function publish(): void {
  const view = playerView(game, ME);
  Object.assign(gameStore, {
    gameStatus: view.status,
    members: [
      { userId: ME, username: 'Alice', socketId: null, hasToPlay: view.turn === ME, connected: true, awayUntil: null },
      { userId: BOT, username: 'Bot', socketId: null, hasToPlay: view.turn === BOT, connected: true, awayUntil: null },
    ],
    shipsIndexes: view.shipsIndexes,
    playerBoats: view.playerBoats,
    opponentBoats: view.opponentBoats,
    opponentShipsIndexes: view.opponentShipsIndexes,
    battlePlace: view.battlePlace,
    winner: view.winner ? { userId: view.winner, username: view.winner === ME ? 'Alice' : 'Bot' } : null,
  });
}

function placement(): void {
  game = unwrap(start(unwrap(join(unwrap(join(newGame(), ME)), BOT)), ME));
  Object.assign(gameStore, {
    userId: ME,
    slug: 'harness',
    connected: true,
    fleetSubmitted: false,
    draft: randomFleet(rng),
  });
  publish();
}

function play(first: 'me' | 'bot' = 'me'): void {
  if (game.status !== 'PLACE_SHIPS') placement();
  game = unwrap(placeShips(game, ME, gameStore.draft, rng));
  game = { ...unwrap(placeShips(game, BOT, randomFleet(rng), rng)), turn: first };
  gameStore.fleetSubmitted = true;
  publish();
}

function freeCell(shooter: string): Coord | null {
  const taken = new Set(game.shots.filter((s) => s.shooterId === shooter).map((s) => s.y * GRID_SIZE + s.x));
  const free = Array.from({ length: GRID_SIZE * GRID_SIZE }, (_, i) => i).filter((i) => !taken.has(i));
  const pick = free[rng.int(free.length)];
  return pick === undefined ? null : { x: pick % GRID_SIZE, y: Math.floor(pick / GRID_SIZE) };
}

function fire(shooter: string, target: Coord): boolean {
  const r = shoot(game, shooter, target);
  if (!r.ok) return false;
  game = r.value.state;
  publish();
  return true;
}

let botDelay = 350;
/** The stage's shot callback: the local game plays the shot, then the bot answers. */
function onShoot(target: Coord): boolean {
  if (!mayShoot(gameStore, target) || !fire(ME, target)) return false;
  if (game.status === 'PLAY') {
    setTimeout(() => {
      const cell = freeCell(BOT);
      if (cell) fire(BOT, cell);
    }, botDelay);
  }
  return true;
}

/** Fires `count` shots alternating between the players, `gapMs` apart: the bench's effect burst. */
async function burst(count: number, gapMs: number): Promise<void> {
  for (let i = 0; i < count && game.status === 'PLAY'; i++) {
    const shooter = game.turn ?? ME;
    const cell = freeCell(shooter);
    if (cell) fire(shooter, cell);
    await new Promise((r) => setTimeout(r, gapMs));
  }
}

/** Plays both sides at random until someone wins. */
function finish(): void {
  while (game.status === 'PLAY') {
    const shooter = game.turn ?? ME;
    const cell = freeCell(shooter);
    if (!cell) break;
    const r = shoot(game, shooter, cell);
    if (r.ok) game = r.value.state;
  }
  publish();
}

const LIGHT: Record<string, string> = {
  '--stage-bg': '#eef3f8',
  '--stage-water': '#cfe4f7',
  '--stage-grid-line': '#8fb3d6',
  '--stage-ship': '#5b6778',
  '--stage-ship-stroke': '#1d2733',
  '--stage-miss': '#4a78a6',
  '--stage-hit': '#d62d20',
  '--stage-sunk': '#5e1a10',
  '--stage-highlight': '#e08a00',
  '--stage-invalid': '#c1121f',
  '--stage-text': '#102030',
};

function theme(name: 'light' | 'dark'): void {
  const root = document.documentElement;
  for (const [k, v] of Object.entries(LIGHT)) {
    if (name === 'light') root.style.setProperty(k, v);
    else root.style.removeProperty(k);
  }
  document.body.classList.toggle('light', name === 'light');
  preferencesStore.theme = name;
}

const harness = {
  placement,
  play,
  burst,
  finish,
  theme,
  setBotDelay: (ms: number) => {
    botDelay = ms;
  },
  store: gameStore,
};
declare global {
  interface Window {
    harness: typeof harness;
  }
}
window.harness = harness;

const bar = document.getElementById('bar');
if (bar) {
  for (const [label, run] of [
    ['placement', () => placement()],
    ['play', () => play()],
    ['burst', () => void burst(12, 60)],
    ['finish', () => finish()],
    ['light', () => theme('light')],
    ['dark', () => theme('dark')],
  ] as const) {
    const b = document.createElement('button');
    b.textContent = label;
    b.onclick = run;
    bar.append(b);
  }
}

placement();
const root = document.getElementById('root');
/** The stage fed from the game store, as the game page feeds it. */
function HarnessStage() {
  return <GameStage {...useStoreStageProps()} onShoot={onShoot} />;
}

// Every text before the first paint: this page shows a game at once (src/app/i18n/text-parts.ts).
void Promise.all([i18nReady, loadTexts('later')])
  .catch(() => undefined)
  .then(() => {
    if (root) createRoot(root).render(<HarnessStage />);
  });
