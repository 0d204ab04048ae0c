#!/usr/bin/env node
// A complete Broadside engine in plain Node.js (no dependency): it speaks BEP on stdin/stdout
// (docs/engines.md). It places its ships at random, hunts on a checkerboard, and once it hits
// something, fires around the hit until the ship sinks. It plays every rule set `newgame` names:
// any fleet, `touch no` (ships kept apart; the cells around a sunk ship and the corners of a hit
// are water), `shots salvo` (`go … shots k` answered with k cells) and `again hit` (it is simply
// asked again). It also offers the optional `analyse` command (`bepok analyse`): a heat map of
// where the opponent's ships may be, from each afloat ship's placements counted one ship at a
// time. `node examples/engines/hunt.mjs`.
import { createInterface } from 'node:readline';

let size = 10;
let lengths = [5, 4, 3, 3, 2];
let touch = true;
let seed = 1;
let parity = true;
/** Cells already fired at: 'M', 'H' (hit, ship not sunk yet) or 'D' (part of a sunk ship). */
let board = new Map();
/** Cells not fired at but known to be water (touch no). */
let water = new Set();
/** Numbers of the opponent ships sunk so far. */
let sunkShips = new Set();

// A small seeded generator (mulberry32), so a game replays the same for the same seed.
let state = 1;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const key = (x, y) => `${x},${y}`;
const send = (line) => process.stdout.write(`${line}\n`);

/** The cell and its eight neighbours. */
const around = (x, y) => [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => [x + dx, y + dy]));

/** Ship after ship, each drawn until it fits; a fleet that gets stuck starts over. */
function place() {
  for (;;) {
    const blocked = new Set(); // taken cells, and their neighbours under touch no
    const ships = [];
    for (const length of lengths) {
      let placed = null;
      for (let attempt = 0; attempt < 200 && !placed; attempt++) {
        const dir = random() < 0.5 ? 'h' : 'v';
        const x = Math.floor(random() * (dir === 'h' ? size - length + 1 : size));
        const y = Math.floor(random() * (dir === 'v' ? size - length + 1 : size));
        const cells = Array.from({ length }, (_, i) => (dir === 'h' ? [x + i, y] : [x, y + i]));
        if (!cells.some(([cx, cy]) => blocked.has(key(cx, cy)))) placed = { x, y, dir, cells };
      }
      if (!placed) break;
      for (const [cx, cy] of placed.cells)
        for (const [bx, by] of touch ? [[cx, cy]] : around(cx, cy)) blocked.add(key(bx, by));
      ships.push(`${placed.x},${placed.y},${placed.dir}`);
    }
    if (ships.length === lengths.length) return `fleet ${ships.join(' ')}`;
  }
}

function unknown(x, y) {
  return x >= 0 && y >= 0 && x < size && y < size && !board.has(key(x, y));
}

function learnWater(cells) {
  for (const [x, y] of cells) if (!board.has(key(x, y))) water.add(key(x, y));
}

/**
 * `analyse`: for each cell, the chance it holds a ship, as `heat` and 100 numbers row by row. Each
 * afloat ship's placements that avoid misses, sunk ships and known water are counted (a placement
 * through hits counts 50 times more per hit, none lies wholly on hits), each ship's share of a
 * cell added up: ships are taken one at a time, not as a whole fleet, so it is a rough guide.
 */
function heat() {
  const p = new Array(size * size).fill(0);
  lengths.forEach((length, ship) => {
    if (sunkShips.has(ship)) return;
    const share = new Array(size * size).fill(0);
    let total = 0;
    for (const dir of length === 1 ? ['h'] : ['h', 'v'])
      for (let y = 0; y + (dir === 'v' ? length : 1) <= size; y++)
        for (let x = 0; x + (dir === 'h' ? length : 1) <= size; x++) {
          const cells = Array.from({ length }, (_, i) => (dir === 'h' ? [x + i, y] : [x, y + i]));
          const marks = cells.map(([cx, cy]) => board.get(key(cx, cy)) ?? (water.has(key(cx, cy)) ? 'M' : 'E'));
          if (marks.some((m) => m === 'M' || m === 'D') || marks.every((m) => m === 'H')) continue;
          const weight = 50 ** marks.filter((m) => m === 'H').length;
          total += weight;
          for (const [cx, cy] of cells) share[cy * size + cx] += weight;
        }
    if (total > 0) for (let c = 0; c < p.length; c++) p[c] += share[c] / total;
  });
  return p.map((v, c) => {
    const mark = board.get(key(c % size, Math.floor(c / size)));
    if (mark) return mark === 'M' ? 0 : 1;
    return Math.min(1, Math.round(v * 1000) / 1000);
  });
}

function shoot(chosen) {
  const free = (x, y) => unknown(x, y) && !water.has(key(x, y)) && !chosen.has(key(x, y));
  // Target: next to an unresolved hit, along the line when two hits are aligned.
  const hits = [...board].filter(([, v]) => v === 'H').map(([k]) => k.split(',').map(Number));
  const targets = [];
  for (const [x, y] of hits) {
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const aligned = board.get(key(x - dx, y - dy)) === 'H';
      if (free(x + dx, y + dy)) targets.push({ x: x + dx, y: y + dy, score: aligned ? 2 : 1 });
    }
  }
  if (targets.length > 0) {
    const best = Math.max(...targets.map((t) => t.score));
    const t = pick(targets.filter((c) => c.score === best));
    return [t.x, t.y];
  }
  const cells = [];
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (free(x, y)) cells.push([x, y]);
  // A salvo near the end may ask for more cells than could hold a ship: known water then.
  if (cells.length === 0)
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (unknown(x, y) && !chosen.has(key(x, y))) cells.push([x, y]);
  const even = cells.filter(([x, y]) => (x + y) % 2 === 0);
  return pick(parity && even.length > 0 ? even : cells);
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const words = line.trim().split(' ');
  switch (words[0]) {
    case 'bep':
      send('id name hunt-node');
      send('id author Broadside examples');
      send('option name Parity type check default true');
      send('bepok analyse');
      break;
    case 'isready':
      send('readyok');
      break;
    case 'setoption':
      if (words[2] === 'Parity') parity = words[4] === 'true';
      break;
    case 'newgame':
      for (let i = 2; i + 1 < words.length; i += 2) {
        const [name, value] = [words[i], words[i + 1]];
        if (name === 'size') size = Number(value);
        if (name === 'fleet') lengths = value.split(',').map(Number);
        if (name === 'touch') touch = value === 'yes';
        if (name === 'seed') seed = Number(value);
      }
      state = seed;
      board = new Map();
      water = new Set();
      sunkShips = new Set();
      break;
    case 'place':
      send(place());
      break;
    case 'go': {
      const k = Number(words[words.indexOf('shots') + 1] || 1) || 1;
      const chosen = new Set();
      const cells = [];
      for (let i = 0; i < k; i++) {
        const [x, y] = shoot(chosen);
        chosen.add(key(x, y));
        cells.push(x, y);
      }
      send(`fire ${cells.join(' ')}`);
      break;
    }
    case 'result': {
      const [x, y] = [Number(words[1]), Number(words[2])];
      board.set(key(x, y), words[3] === 'M' ? 'M' : 'H');
      water.delete(key(x, y));
      if (words[3] !== 'M' && !touch)
        learnWater([
          [x - 1, y - 1],
          [x + 1, y - 1],
          [x - 1, y + 1],
          [x + 1, y + 1],
        ]);
      break;
    }
    case 'analyse':
      send(`heat ${heat().join(' ')}`);
      break;
    case 'sunk':
      sunkShips.add(Number(words[1]));
      for (const cell of words.slice(2)) {
        board.set(cell, 'D');
        const [x, y] = cell.split(',').map(Number);
        if (!touch) learnWater(around(x, y));
      }
      send(`info sank ship ${words[1]}`);
      break;
    case 'gameover':
      send(`info game over: ${words[1]} by ${words[2]}`);
      break;
    case 'quit':
      process.exit(0);
  }
});
lines.on('close', () => process.exit(0));
