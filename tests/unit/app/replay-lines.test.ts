import { describe, expect, it } from 'vitest';
import { lastSaidIndex, replayLineState } from '../../../src/app/chat/replay-lines';

describe('the chat beside a replay', () => {
  it('tells a line said before the shot on screen, at it, and not yet', () => {
    expect(replayLineState(0, 0)).toBe('now');
    expect(replayLineState(0, 5)).toBe('said');
    expect(replayLineState(5, 5)).toBe('now');
    expect(replayLineState(6, 5)).toBe('later');
  });

  it('keeps in view the last line said by then', () => {
    const lines = [{ move: 0 }, { move: 3 }, { move: 3 }, { move: 9 }];
    expect(lastSaidIndex(lines, 0)).toBe(0);
    expect(lastSaidIndex(lines, 2)).toBe(0);
    expect(lastSaidIndex(lines, 3)).toBe(2);
    expect(lastSaidIndex(lines, 8)).toBe(2);
    expect(lastSaidIndex(lines, 40)).toBe(3);
    expect(lastSaidIndex([{ move: 2 }], 1)).toBe(-1);
    expect(lastSaidIndex([], 1)).toBe(-1);
  });
});
