import { describe, expect, it } from 'vitest';
import { moveAt } from '../../../server/chat/line-moves';

describe('moveAt: the move a chat line was said at', () => {
  const shots = [1000, 2000, 2000, 5000];

  it('is 0 before the first shot and the last move after the last', () => {
    expect(moveAt(shots, 0)).toBe(0);
    expect(moveAt(shots, 999)).toBe(0);
    expect(moveAt(shots, 9999)).toBe(4);
    expect(moveAt([], 1234)).toBe(0);
  });

  it('counts the shots at or before the line: a line and a shot of the same millisecond, the shot first', () => {
    expect(moveAt(shots, 1000)).toBe(1);
    expect(moveAt(shots, 1500)).toBe(1);
    expect(moveAt(shots, 2000)).toBe(3);
    expect(moveAt(shots, 4999)).toBe(3);
    expect(moveAt(shots, 5000)).toBe(4);
  });
});
