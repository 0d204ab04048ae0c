import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../../cli/matchmaking';
import { BOT_LEVELS } from '../../../src/protocol';

describe('--vs-computer LEVEL', () => {
  it('takes exactly the levels of the protocol', () => {
    for (const level of BOT_LEVELS) expect(parseLevel(level)).toBe(level);
  });

  it('refuses anything else, naming the levels', () => {
    for (const bad of ['', 'Hard', 'expert', ' easy', 'medium ']) {
      expect(() => parseLevel(bad)).toThrow(InvalidArgumentError);
      expect(() => parseLevel(bad)).toThrow(/computer level \(easy, medium, hard\)/);
    }
  });
});
