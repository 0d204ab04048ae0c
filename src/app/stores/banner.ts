import { proxy } from 'valtio';
import type { BannerText } from '../errors/error-text';

export interface BannerMessage {
  readonly id: number;
  readonly text: BannerText;
}

/**
 * The global error banner (docs/game.md, Routes). Issue #13: a message shown again is not stacked a second time
 * (its life starts over), and a message goes by itself after a while, or as soon as the action it
 * was about is tried again (clearErrors) — it never outlives the error it reports.
 */
export const bannerStore = proxy<{ messages: BannerMessage[] }>({ messages: [] });

/** How long a message stays unless dismissed or cleared first. */
export const BANNER_LIFETIME_MS = 12_000;

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function expireLater(id: number, lifetimeMs: number): void {
  const previous = timers.get(id);
  if (previous !== undefined) clearTimeout(previous);
  timers.set(
    id,
    setTimeout(() => dismissError(id), lifetimeMs),
  );
}

/** Shows a message; the same text twice is shown once. */
export function showError(text: BannerText, lifetimeMs = BANNER_LIFETIME_MS): void {
  const key = JSON.stringify(text);
  const same = bannerStore.messages.find((m) => JSON.stringify(m.text) === key);
  if (same) {
    expireLater(same.id, lifetimeMs);
    return;
  }
  const id = nextId++;
  bannerStore.messages.push({ id, text });
  expireLater(id, lifetimeMs);
}

export function dismissError(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  bannerStore.messages = bannerStore.messages.filter((m) => m.id !== id);
}

export function clearErrors(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  bannerStore.messages = [];
}
