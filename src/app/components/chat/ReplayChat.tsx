import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameChatLine } from '../../../protocol/chat';
import { api } from '../../api';
import { loadQuickOnly } from '../../chat/chat-prefs';
import { visibleLines } from '../../chat/chat-view';
import { lastSaidIndex, replayLineState } from '../../chat/replay-lines';
import { useFeatures } from '../../server/use-features';
import { ChatWho } from './ChatWho';
import { lineWords } from './line-words';

const NO_MUTES: ReadonlySet<string> = new Set();

/** The game's lines this reader may read (the server decides which), or none where it has no chat. */
function useGameChat(gameId: number, chat: boolean): readonly GameChatLine[] {
  const [lines, setLines] = useState<readonly GameChatLine[]>([]);
  useEffect(() => {
    if (!chat) return;
    let active = true;
    (async () => {
      const { ChatApi } = await import('../../../protocol/chat-client');
      return new ChatApi(await api()).gameChat(gameId);
    })()
      .then((answer) => active && setLines(answer.lines))
      // The chat is beside the replay, not the replay: without it the boards take the room.
      .catch((error: unknown) => console.error('[broadside] the game’s chat could not be read', error));
    return () => {
      active = false;
    };
  }, [gameId, chat]);
  return lines;
}

/**
 * The game's chat beside its replay (docs/game.md, "Chat"): every line with the move it was said
 * at; lines said by the shot on screen are read, those said at it marked, later ones faint. A
 * line's move is a button that brings the replay there. Nothing is drawn for a game without lines.
 */
export function ReplayChat({
  gameId,
  userId,
  step,
  onSeek,
}: {
  gameId: number;
  userId: string;
  step: number;
  onSeek: (step: number) => void;
}) {
  const { t } = useTranslation();
  const { moderation } = useFeatures();
  const all = useGameChat(gameId, moderation);
  // "Quick messages only" holds here too: others' free text stays hidden.
  const lines = useMemo(
    () => visibleLines(all, { userId, muted: NO_MUTES, quickOnly: loadQuickOnly() }),
    [all, userId],
  );
  const list = useRef<HTMLOListElement>(null);
  const last = lastSaidIndex(lines, step);

  // The last line said by then stays in view, inside the list (the page itself does not move).
  useEffect(() => {
    const box = list.current;
    const item = box?.children[Math.max(0, last)] as HTMLElement | undefined;
    if (!box || !item) return;
    const top = item.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - box.clientHeight + item.offsetHeight);
  }, [last]);

  if (lines.length === 0) return null;
  return (
    <aside className="card replay-chat" aria-label={t('chat.title')} data-testid="replay-chat">
      <h2 className="replay-chat-title">{t('chat.title')}</h2>
      <ol className="replay-chat-lines" ref={list}>
        {lines.map((line) => {
          const state = replayLineState(line.move, step);
          return (
            <li
              key={line.id}
              className="replay-chat-line"
              data-state={state}
              data-channel={line.channel}
              aria-current={state === 'now' ? 'step' : undefined}
              data-testid="replay-chat-line"
            >
              <button
                type="button"
                className="ghost chat-tiny replay-chat-move"
                onClick={() => onSeek(line.move)}
                aria-label={line.move === 0 ? t('replay.chatSeekStart') : t('replay.chatSeek', { n: line.move })}
              >
                {line.move === 0 ? t('replay.chatBefore') : t('replay.chatMove', { n: line.move })}
              </button>
              <ChatWho line={line} mine={line.from.userId === userId} />
              <span className={line.quick ? 'chat-words quick' : 'chat-words'}>{lineWords(t, line)}</span>
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
