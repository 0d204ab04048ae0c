/**
 * What the stage's ARIA live region holds: one short current message. Pure, so the rule is tested
 * without React: the component keeps the value in its state.
 *
 * Two voices speak. The player's own actions (a cursor move, a selection, a drag, a refused shot)
 * answer at once and replace whatever was there: moving the cursor over ten cells leaves the last
 * cell, not a trail of ten. A server change (a shot, a sunk ship, the turn, the winner) arrives as
 * several store updates within a few milliseconds: their texts are read together, so a game text
 * joins the game texts of the same change, and a later change starts afresh.
 */
export type Voice = 'player' | 'game';

export interface Spoken {
  readonly text: string;
  readonly voice: Voice | null;
  /** When the message now held started (performance.now()), to tell one change from the next. */
  readonly since: number;
}

export const SILENT: Spoken = { text: '', voice: null, since: Number.NEGATIVE_INFINITY };

/** The store updates of one server change land within this window of each other. */
export const CHANGE_WINDOW_MS = 250;

/** A non-breaking space: a repeated message is made to differ so that it is read again. */
const REPEAT_MARK = '\u00a0';

export function speak(held: Spoken, text: string, voice: Voice, now: number): Spoken {
  const joined =
    voice === 'game' && held.voice === 'game' && held.text.trim() !== '' && now - held.since < CHANGE_WINDOW_MS;
  const next = joined ? `${held.text.trim()}. ${text}` : text;
  return {
    text: next === held.text ? `${next}${REPEAT_MARK}` : next,
    voice,
    since: joined ? held.since : now,
  };
}
