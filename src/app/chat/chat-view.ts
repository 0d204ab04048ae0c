import type { ChatLine } from '../../protocol/chat';

/*
 * What the game page's chat panel shows (docs/game.md, "Chat"): pure, unit-tested; the panel
 * (src/app/components/chat/ChatPanel.tsx) only draws it.
 */

/** What the reader chose: whose lines are hidden, and whether free text is shown at all. */
export interface ChatReader {
  readonly userId: string;
  /** Players this reader muted (their lines are hidden here too, even before the server knows). */
  readonly muted: ReadonlySet<string>;
  /** "Quick messages only": other players' free text is hidden (one's own stays), and none is sent. */
  readonly quickOnly: boolean;
}

/** The lines the reader sees, oldest first. */
export function visibleLines<L extends ChatLine>(lines: readonly L[], reader: ChatReader): L[] {
  return lines.filter((line) => {
    if (line.from.userId === reader.userId) return true;
    if (reader.muted.has(line.from.userId)) return false;
    return !(reader.quickOnly && line.text !== undefined);
  });
}

/**
 * How many of the visible lines came from others after the last one the reader saw (`seen`: a
 * line id, or null when none was seen). A line id no longer kept counts every other's line.
 */
export function unreadCount(visible: readonly ChatLine[], seen: string | null, userId: string): number {
  const from = seen === null ? 0 : visible.findIndex((line) => line.id === seen) + 1;
  return visible.slice(from).filter((line) => line.from.userId !== userId).length;
}

/** The id of the newest visible line, what the reader has seen once the panel shows it. */
export function newestId(visible: readonly ChatLine[]): string | null {
  return visible.at(-1)?.id ?? null;
}
