import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeWav, SOUNDS } from '../../../scripts/make-sounds';

describe('scripts/make-sounds', () => {
  it('writes a valid 16-bit mono PCM WAV header', () => {
    const wav = encodeWav(new Float32Array([0, 0.5, -0.5, 1]), 22050);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(22050);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBe(8);
    expect(wav.length).toBe(44 + 8);
  });

  it('is deterministic and matches the committed assets, so the build needs no generation step', () => {
    for (const [name, make] of Object.entries(SOUNDS)) {
      const committed = readFileSync(join(import.meta.dirname, '../../../assets/sounds', `${name}.wav`));
      expect(encodeWav(make()).equals(committed), name).toBe(true);
    }
  });
});
