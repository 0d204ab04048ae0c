import { type FormEvent, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ChatChannel,
  type ChatLine,
  QUICK_MESSAGES,
  type QuickMessage,
  REPORT_CATEGORIES,
  type ReportCategory,
} from '../../../protocol/chat';
import { isErrorAck } from '../../../protocol/types';
import { api } from '../../api';
import { loadQuickOnly, saveQuickOnly } from '../../chat/chat-prefs';
import { newestId, unreadCount, visibleLines } from '../../chat/chat-view';
import { errorText } from '../../errors/error-text';
import { CHAT_ICON } from '../icons';
import { useFeatures } from '../../server/use-features';
import type { RoomTalk } from '../../session/game-session';
import { showError } from '../../stores/banner';
import { ChatWho } from './ChatWho';
import { lineWords } from './line-words';

const NO_LINES: readonly ChatLine[] = [];

/**
 * Open beside the boards where the window is wide; on a phone (chat.css's breakpoint) folded into a
 * round button in the page's corner, beside the boards, and opened as a sheet over them on demand.
 */
function openAtFirst(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 761px)').matches;
}

/** The room's lines, live. */
function useLines(talk: RoomTalk | null): readonly ChatLine[] {
  return useSyncExternalStore(
    (changed) => talk?.subscribeChat(() => changed()) ?? (() => undefined),
    () => talk?.chat ?? NO_LINES,
  );
}

/** The sentence that says who reads what is said here (docs/game.md, "Chat"). */
function whoReads(audience: ChatChannel, spectatorsReadPlayers: boolean): string {
  if (audience === 'spectators') return spectatorsReadPlayers ? 'chat.readsWatchingOpen' : 'chat.readsWatching';
  return spectatorsReadPlayers ? 'chat.readsPlayingOpen' : 'chat.readsPlaying';
}

async function chatApi() {
  const { ChatApi } = await import('../../../protocol/chat-client');
  return new ChatApi(await api());
}

/** Reporting one line: why, and an optional note; filed with the game's whole conversation. */
function ReportLine({ line, room, onDone }: { line: ChatLine; room: string; onDone: (sent: boolean) => void }) {
  const { t } = useTranslation();
  const ids = { category: useId(), note: useId() };
  const [category, setCategory] = useState<ReportCategory>('abuse');
  const [note, setNote] = useState('');
  const send = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const client = await chatApi();
      const trimmed = note.trim();
      await client.report({
        userId: line.from.userId,
        room,
        lineId: line.id,
        category,
        ...(trimmed ? { note: trimmed } : {}),
      });
      onDone(true);
    } catch (error) {
      showError(errorText(error));
    }
  };
  return (
    <form className="chat-report" onSubmit={(event) => void send(event)} data-testid="chat-report">
      <label htmlFor={ids.category}>{t('chat.reportWhy')}</label>
      <select
        id={ids.category}
        value={category}
        onChange={(event) => setCategory(event.target.value as ReportCategory)}
      >
        {REPORT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`admin.reports.categories.${c}`)}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={ids.note}>
        {t('chat.reportNote')}
      </label>
      <input
        id={ids.note}
        value={note}
        maxLength={500}
        placeholder={t('chat.reportNote')}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="chat-report-buttons">
        <button type="submit" className="danger small">
          {t('chat.reportSend')}
        </button>
        <button type="button" className="ghost small" onClick={() => onDone(false)}>
          {t('chat.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * The game page's chat (docs/game.md, "Chat"): a toggle with the count of unread lines, and when
 * open, the lines (announced politely, never taking the focus from the board), the quick messages
 * in one tap, free text unless the player chose "quick messages only" (remembered), and on each
 * line of another player, Mute and Report. It sits beside the boards, which make room for it.
 */
export function ChatPanel({
  talk,
  userId,
  room,
  audience = 'players',
}: {
  talk: RoomTalk | null;
  userId: string;
  room: string;
  /** Who talks here: the players (the game page) or the spectators (the watch page). */
  audience?: ChatChannel;
}) {
  const { t } = useTranslation();
  const { moderation, spectatorsReadPlayers } = useFeatures();
  const ids = { panel: useId(), text: useId(), quickOnly: useId() };
  const lines = useLines(talk);
  const [open, setOpen] = useState(openAtFirst);
  const [seen, setSeen] = useState<string | null>(null);
  const [quickOnly, setQuickOnly] = useState(loadQuickOnly);
  const [muted, setMuted] = useState<ReadonlySet<string>>(new Set());
  const [text, setText] = useState('');
  const [reporting, setReporting] = useState<string | null>(null);
  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!moderation) return;
    let active = true;
    chatApi()
      .then((client) => client.muted())
      .then((list) => active && setMuted(new Set(list.map((m) => m.userId))))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [moderation]);

  const visible = useMemo(() => visibleLines(lines, { userId, muted, quickOnly }), [lines, userId, muted, quickOnly]);
  const newest = newestId(visible);
  useEffect(() => {
    if (open) setSeen(newest);
  }, [open, newest]);
  const unread = open ? 0 : unreadCount(visible, seen, userId);

  if (talk === null) return null;

  const answer = (reply: Awaited<ReturnType<RoomTalk['say']>>) => {
    if (isErrorAck(reply)) showError(errorText(reply));
  };
  const sayQuick = async (code: QuickMessage) => answer(await talk.sayQuick(code, t(`chat.quick.${code}`)));
  const sayText = async (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    if (words === '') return;
    const reply = await talk.say(words);
    answer(reply);
    if (!isErrorAck(reply)) setText('');
  };
  const mute = async (line: ChatLine) => {
    try {
      await (await chatApi()).mute(line.from.userId);
      setMuted((known) => new Set([...known, line.from.userId]));
    } catch (error) {
      showError(errorText(error));
    }
  };
  const switchQuickOnly = (on: boolean) => {
    setQuickOnly(on);
    saveQuickOnly(on);
  };

  return (
    <aside className="chat-panel" data-open={open} aria-label={t('chat.title')} data-testid="chat-panel">
      <button
        type="button"
        className="chat-toggle ghost small"
        aria-expanded={open}
        aria-controls={ids.panel}
        onClick={() => setOpen(!open)}
        data-testid="chat-toggle"
      >
        <svg className="chat-toggle-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={CHAT_ICON} fillRule="evenodd" />
        </svg>
        <span className="chat-toggle-label">{t('chat.title')}</span>
        {unread > 0 && (
          <span className="badge accent chat-unread" data-testid="chat-unread">
            <span aria-hidden="true">{unread}</span>
            <span className="visually-hidden">{t('chat.unread', { count: unread })}</span>
          </span>
        )}
      </button>
      <div id={ids.panel} className="chat-body" hidden={!open}>
        <ol className="chat-lines" role="log" aria-live="polite" aria-relevant="additions" data-testid="chat-lines">
          {visible.length === 0 && <li className="chat-empty">{t('chat.empty')}</li>}
          {visible.map((line) => {
            const mine = line.from.userId === userId;
            return (
              <li
                key={line.id}
                className="chat-line"
                data-mine={mine}
                data-channel={line.channel}
                data-testid="chat-line"
              >
                <ChatWho line={line} mine={mine} />
                <span className={line.quick ? 'chat-words quick' : 'chat-words'}>{lineWords(t, line)}</span>
                {!mine && moderation && (
                  <span className="chat-line-actions">
                    <button
                      type="button"
                      className="ghost chat-tiny"
                      aria-label={t('chat.muteLabel', { name: line.from.username })}
                      onClick={() => void mute(line)}
                    >
                      {t('chat.mute')}
                    </button>
                    {reported.has(line.id) ? (
                      <span className="chat-reported">{t('chat.reported')}</span>
                    ) : (
                      <button
                        type="button"
                        className="ghost chat-tiny"
                        aria-label={t('chat.reportLabel', { name: line.from.username })}
                        onClick={() => setReporting(line.id)}
                      >
                        {t('chat.report')}
                      </button>
                    )}
                  </span>
                )}
                {reporting === line.id && (
                  <ReportLine
                    line={line}
                    room={room}
                    onDone={(sent) => {
                      setReporting(null);
                      if (sent) setReported((known) => new Set([...known, line.id]));
                    }}
                  />
                )}
              </li>
            );
          })}
        </ol>
        {moderation && (
          <p className="chat-who-reads" data-testid="chat-who-reads">
            {t(whoReads(audience, spectatorsReadPlayers))}
          </p>
        )}
        <fieldset className="chat-quick">
          <legend className="visually-hidden">{t('chat.quickLabel')}</legend>
          {QUICK_MESSAGES.map((code) => (
            <button key={code} type="button" className="ghost small chat-chip" onClick={() => void sayQuick(code)}>
              {t(`chat.quick.${code}`)}
            </button>
          ))}
        </fieldset>
        {!quickOnly && (
          <form className="chat-say" onSubmit={(event) => void sayText(event)}>
            <label className="visually-hidden" htmlFor={ids.text}>
              {t('chat.say')}
            </label>
            <input
              id={ids.text}
              value={text}
              maxLength={300}
              autoComplete="off"
              placeholder={t('chat.sayHint')}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className="primary small" disabled={text.trim() === ''}>
              {t('chat.send')}
            </button>
          </form>
        )}
        <label className="chat-quick-only" htmlFor={ids.quickOnly}>
          <input
            id={ids.quickOnly}
            type="checkbox"
            checked={quickOnly}
            onChange={(event) => switchQuickOnly(event.target.checked)}
          />
          {t('chat.quickOnly')}
        </label>
      </div>
    </aside>
  );
}
