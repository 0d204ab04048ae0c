/**
 * Synthesises the stage's sound effects as 16-bit mono WAV files in assets/sounds/, so the game
 * ships no downloaded assets (issue #4). Deterministic: a seeded noise source means re-running it
 * rewrites byte-identical files, and the generated files are committed so a build needs no step.
 *
 *   npx tsx scripts/make-sounds.ts [outDir]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const RATE = 22050;

/** Mulberry32: small, seeded, good enough for noise. */
function noiseSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  };
}

type Voice = (t: number) => number;

function render(seconds: number, voice: Voice): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) out[i] = voice(i / RATE);
  return out;
}

/** One-pole low-pass over a noise source: rumble for explosions, hiss for splashes. */
function filteredNoise(seed: number, smoothing: number): () => number {
  const next = noiseSource(seed);
  let y = 0;
  return () => {
    y += (next() - y) * smoothing;
    return y;
  };
}

const env = (t: number, attack: number, decay: number) => (t < attack ? t / attack : Math.exp(-(t - attack) / decay));

function miss(): Float32Array {
  const hiss = filteredNoise(1, 0.35);
  const plop = (t: number) => Math.sin(2 * Math.PI * (380 - 260 * t) * t) * env(t, 0.005, 0.06);
  return render(0.7, (t) => 0.55 * hiss() * env(t, 0.02, 0.18) + 0.4 * plop(t));
}

function hit(): Float32Array {
  const rumble = filteredNoise(2, 0.08);
  const crack = filteredNoise(3, 0.9);
  const thump = (t: number) => Math.sin(2 * Math.PI * (90 - 40 * t) * t) * env(t, 0.004, 0.15);
  return render(
    0.9,
    (t) => 1.6 * rumble() * env(t, 0.01, 0.25) + 0.35 * crack() * env(t, 0.002, 0.04) + 0.6 * thump(t),
  );
}

function sunk(): Float32Array {
  const rumble = filteredNoise(4, 0.05);
  const crack = filteredNoise(5, 0.9);
  const groan = (t: number) => Math.sin(2 * Math.PI * (140 - 70 * t) * t) * env(t, 0.2, 0.5) * 0.35;
  return render(1.6, (t) => 2 * rumble() * env(t, 0.01, 0.5) + 0.4 * crack() * env(t, 0.002, 0.08) + groan(t));
}

/** A short tune: notes as [frequency Hz, start s, length s], a soft square-ish tone. */
function tune(notes: readonly (readonly [number, number, number])[], seconds: number): Float32Array {
  return render(seconds, (t) => {
    let v = 0;
    for (const [f, start, length] of notes) {
      const u = t - start;
      if (u < 0 || u > length + 0.3) continue;
      const tone =
        Math.sin(2 * Math.PI * f * u) +
        0.3 * Math.sin(2 * Math.PI * 2 * f * u) +
        0.15 * Math.sin(2 * Math.PI * 3 * f * u);
      v += tone * env(u, 0.01, length * 0.6);
    }
    return v * 0.3;
  });
}

const victory = () =>
  tune(
    [
      [523.25, 0, 0.15],
      [659.25, 0.15, 0.15],
      [783.99, 0.3, 0.15],
      [1046.5, 0.45, 0.5],
      [783.99, 0.45, 0.5],
    ],
    1.4,
  );
const defeat = () =>
  tune(
    [
      [392, 0, 0.25],
      [349.23, 0.25, 0.25],
      [311.13, 0.5, 0.25],
      [261.63, 0.75, 0.7],
    ],
    1.8,
  );

/** PCM 16-bit little-endian mono WAV, peak-normalised to leave headroom. */
export function encodeWav(samples: Float32Array, rate = RATE): Buffer {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const gain = peak > 0 ? 0.85 / peak : 1;
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, (samples[i] ?? 0) * gain)) * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export const SOUNDS = { miss, hit, sunk, victory, defeat } as const;

function main(): void {
  const outDir = process.argv[2] ?? join(import.meta.dirname, '..', 'assets', 'sounds');
  mkdirSync(outDir, { recursive: true });
  for (const [name, make] of Object.entries(SOUNDS)) {
    const file = join(outDir, `${name}.wav`);
    writeFileSync(file, encodeWav(make()));
    console.log(`wrote ${file}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
