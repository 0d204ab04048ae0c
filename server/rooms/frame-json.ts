/*
 * A broadside/2 frame's JSON written from parts, each written once (issue 24: encoding was a tenth
 * of a shot's CPU, two whole frames a shot): a part shared by every frame of a change (the
 * members, the match, the last shot, a board's rows and sunk ships) is written once for the change,
 * and a member's fleet (board-views.ts, sharedFleet) once for its round. The text is
 * JSON.stringify's, character for character: the same keys in the same order, undefined values
 * left out (tests/unit/server/state-view.test.ts compares every frame of a game).
 */

/**
 * The JSON of values that live for a round and never change (a fleet), kept as long as the value.
 * Only those: an entry whose key is young survives every scavenge until a full collection, key and
 * value alike, so a text kept here for a change's parts (rows, sunk ships: made anew each change)
 * was copied and promoted with every shot (docs/benchmarks.md, "WeakMaps and scavenges").
 */
const roundTexts = new WeakMap<object, string>();

/** Writes the JSON of `value`, which never changes and lives for a round, once for its life. */
export function keepJson(value: object): void {
  if (!roundTexts.has(value)) roundTexts.set(value, JSON.stringify(value));
}

const keyTexts = new Map<string, string>();

/** `"key":`, written once per key name (a view has a dozen). */
function keyJson(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = `${JSON.stringify(key)}:`;
    keyTexts.set(key, text);
  }
  return text;
}

/** The JSON of one change's frames: each value's text written once for all of them. */
export class FrameJson {
  private readonly texts = new Map<object, string>();

  /** JSON.stringify(value), written once per change, or once a round for a value kept (keepJson). */
  value(value: unknown): string {
    if (typeof value !== 'object' || value === null) return JSON.stringify(value);
    // A part already written, kept while its board stays (board-texts.ts).
    if (value instanceof EncodedJson) return value.json;
    let text = roundTexts.get(value) ?? this.texts.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      this.texts.set(value, text);
    }
    return text;
  }

  /**
   * The pieces of JSON.stringify(object), for a plain object, appended to `out`, each value's text
   * written at most once per change. Joined once, they make one flat string: built
   * with `+=`, a frame was a tree of some forty concatenations, each a young object, and a frame
   * that outlived a scavenge had the whole tree copied and promoted (docs/benchmarks.md, "Frames
   * as one string").
   */
  pieces(object: object, out: string[]): string[] {
    out.push('{');
    let first = true;
    for (const [key, value] of Object.entries(object)) {
      if (value === undefined || typeof value === 'function') continue;
      if (!first) out.push(',');
      out.push(keyJson(key), this.value(value));
      first = false;
    }
    out.push('}');
    return out;
  }
}

/**
 * An event's payload already written as JSON (FrameJson): the socket.io encoder
 * (server/socket/json-parser.ts) puts its text in the packet as it is. Only for a socket of this node (`socket.emit`, which goes straight
 * to this encoder): a broadcast to another node's socket carries the payload itself. Should it be
 * stringified anywhere else, `toJSON` gives the value back, so the text stays the same.
 */
export class EncodedJson {
  constructor(readonly json: string) {}
  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}
