import { describe, expect, it } from 'vitest';
import { loadQuickOnly, saveQuickOnly } from '../../../src/app/chat/chat-prefs';
import { newestId, unreadCount, visibleLines } from '../../../src/app/chat/chat-view';
import type { ChatLine } from '../../../src/protocol';

const line = (id: string, userId: string, said: { text: string } | { quick: 'hello' }): ChatLine => ({
  id,
  at: Number(id),
  from: { userId, username: userId },
  channel: 'players',
  ...said,
});

const lines = [
  line('1', 'me', { text: 'hi' }),
  line('2', 'bob', { text: 'you are bad' }),
  line('3', 'bob', { quick: 'hello' }),
  line('4', 'eve', { text: 'spam' }),
  line('5', 'me', { quick: 'hello' }),
];

describe('the chat panel’s lines', () => {
  it('hides muted players, and others’ free text when quick messages only — never one’s own', () => {
    const ids = (reader: Parameters<typeof visibleLines>[1]) => visibleLines(lines, reader).map((l) => l.id);
    expect(ids({ userId: 'me', muted: new Set(), quickOnly: false })).toEqual(['1', '2', '3', '4', '5']);
    expect(ids({ userId: 'me', muted: new Set(['eve']), quickOnly: false })).toEqual(['1', '2', '3', '5']);
    expect(ids({ userId: 'me', muted: new Set(), quickOnly: true })).toEqual(['1', '3', '5']);
  });

  it('counts others’ lines after the last seen one as unread', () => {
    expect(unreadCount(lines, null, 'me')).toBe(3);
    expect(unreadCount(lines, '2', 'me')).toBe(2);
    expect(unreadCount(lines, '5', 'me')).toBe(0);
    expect(unreadCount(lines, 'gone', 'me')).toBe(3);
    expect(newestId(lines)).toBe('5');
    expect(newestId([])).toBeNull();
  });

  it('remembers quick messages only, and survives a storage that refuses', () => {
    const kept = new Map<string, string>();
    const store = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    expect(loadQuickOnly(store)).toBe(false);
    saveQuickOnly(true, store);
    expect(loadQuickOnly(store)).toBe(true);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveQuickOnly(true, refusing)).not.toThrow();
    expect(loadQuickOnly(refusing)).toBe(false);
  });
});
