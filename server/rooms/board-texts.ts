import type { Board } from '../../src/game';
import { EncodedJson } from './frame-json';

/** What a board's text is of: its grid as anyone may see it, its owner's grid with ship keys (SPEC), and both as rows (broadside/2). */
export type BoardTextKind = 'public' | 'keyed' | 'ownRows' | 'publicRows';

interface Entry {
  readonly board: Board;
  readonly kind: BoardTextKind;
  readonly json: EncodedJson;
}

/**
 * Bounded: the boards of a room's last two changes, each of every kind a change may ask for. A
 * board is a new object whenever it changes (src/game/boards.ts), so a text stays right as long as
 * its board is the same object, and a board that left the state is soon pushed out.
 */
const KEPT = 8;

/**
 * The JSON of a room's boards, kept from one change to the next while the board stays the same
 * object (issue 37): a shot changes one board, and the other one's grid, which one member is sent
 * again (the SPEC dialect's `battlePlace` to the player who was shot at; both grids of every
 * broadside/2 frame), is not written again. Only flat strings are kept, a few per room, so the
 * heap every collection marks hardly grows (docs/benchmarks.md, "Capacity per core").
 */
export class BoardTexts {
  private entries: Entry[] = [];

  /** The JSON of `make()` for `board`'s `kind`, written once for as long as the board stays. */
  json(board: Board, kind: BoardTextKind, make: () => unknown): EncodedJson {
    for (const e of this.entries) if (e.board === board && e.kind === kind) return e.json;
    const json = new EncodedJson(JSON.stringify(make()));
    if (this.entries.length >= KEPT) this.entries.shift();
    this.entries.push({ board, kind, json });
    return json;
  }
}
