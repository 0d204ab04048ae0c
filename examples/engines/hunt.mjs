#!/usr/bin/env node
// A complete Broadside engine in plain Node.js (no dependency): it speaks BEP on stdin/stdout
// (docs/engines.md). It places its ships at random, hunts on a checkerboard, and once it hits
// something, fires around the hit until the ship sinks. `node examples/engines/hunt.mjs`.
import { createInterface } from 'node:readline';

let size = 10;
let lengths = [5, 4, 3, 3, 2];
let touch = true;
let seed = 1;
let parity = true;
/** Cells already fired at: 'M', 'H' (hit, ship not sunk yet) or 'D' (part of a sunk ship). */
let board = new Map();

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

function place() {
  for (;;) {
    const taken = new Set();
    const ships = [];
    for (const length of lengths) {
      const dir = random() < 0.5 ? 'h' : 'v';
      const x = Math.floor(random() * (dir === 'h' ? size - length + 1 : size));
      const y = Math.floor(random() * (dir === 'v' ? size - length + 1 : size));
      const cells = Array.from({ length }, (_, i) => (dir === 'h' ? [x + i, y] : [x, y + i]));
      const clash = cells.some(([cx, cy]) => {
        if (touch) return taken.has(key(cx, cy));
        for (let dx = -1; dx <= 1; dx++)
          for (let dy = -1; dy <= 1; dy++) if (taken.has(key(cx + dx, cy + dy))) return true;
        return false;
      });
      if (clash) break;
      for (const [cx, cy] of cells) taken.add(key(cx, cy));
      ships.push(`${x},${y},${dir}`);
    }
    if (ships.length === lengths.length) return `fleet ${ships.join(' ')}`;
  }
}

function unknown(x, y) {
  return x >= 0 && y >= 0 && x < size && y < size && !board.has(key(x, y));
}

function shoot(chosen) {
  const free = (x, y) => unknown(x, y) && !chosen.has(key(x, y));
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
      send('bepok');
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
    case 'result':
      board.set(key(words[1], words[2]), words[3] === 'M' ? 'M' : 'H');
      break;
    case 'sunk':
      for (const cell of words.slice(2)) board.set(cell, 'D');
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
