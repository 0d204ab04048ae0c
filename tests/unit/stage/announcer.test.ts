import { describe, expect, it } from 'vitest';
import { CHANGE_WINDOW_MS, SILENT, type Spoken, speak, type Voice } from '../../../src/stage/announcer';

function say(lines: readonly [text: string, voice: Voice, at: number][]): Spoken {
  return lines.reduce<Spoken>((held, [text, voice, at]) => speak(held, text, voice, at), SILENT);
}

describe('the live region holds one short current message', () => {
  it('keeps only the last of quick cursor moves over cells already shot', () => {
    const moves: [string, Voice, number][] = [];
    for (let i = 0; i < 20; i++) moves.push([i % 2 ? 'B1: already miss' : 'A1', 'player', i * 10]);
    expect(say(moves).text.trim()).toBe('B1: already miss');
  });

  it('reads the texts of one server change together', () => {
    const held = say([
      ['B1: miss', 'game', 1000],
      ["Opponent's turn", 'game', 1004],
    ]);
    expect(held.text).toBe("B1: miss. Opponent's turn");
  });

  it('starts afresh with the next change, however many changes came before', () => {
    const held = say([
      ['B1: miss', 'game', 1000],
      ["Opponent's turn", 'game', 1004],
      ['A1: hit', 'game', 1000 + CHANGE_WINDOW_MS + 1],
    ]);
    expect(held.text).toBe('A1: hit');
  });

  it("does not join a server change to the player's own message, nor the other way", () => {
    expect(
      say([
        ['A1', 'player', 1000],
        ['A1: miss', 'game', 1010],
      ]).text,
    ).toBe('A1: miss');
    expect(
      say([
        ['A1: miss', 'game', 1000],
        ['B1', 'player', 1010],
      ]).text,
    ).toBe('B1');
  });

  it('changes a repeated message so that it is read again', () => {
    const once = speak(SILENT, 'Not your turn', 'player', 0);
    const twice = speak(once, 'Not your turn', 'player', 10);
    const thrice = speak(twice, 'Not your turn', 'player', 20);
    expect(twice.text).not.toBe(once.text);
    expect(thrice.text).not.toBe(twice.text);
    expect([once, twice, thrice].map((s) => s.text.trim())).toEqual(Array(3).fill('Not your turn'));
  });
});
