import { proxy } from 'valtio';
import type { BannerText } from '../errors/error-text';

export interface BannerMessage {
  readonly id: number;
  readonly text: BannerText;
}

/** The global error banner (SPEC §2): messages stay until dismissed. */
export const bannerStore = proxy<{ messages: BannerMessage[] }>({ messages: [] });

let nextId = 1;

/** Shows a message; the same text twice is shown once. */
export function showError(text: BannerText): void {
  const same = bannerStore.messages.some((m) => JSON.stringify(m.text) === JSON.stringify(text));
  if (!same) bannerStore.messages.push({ id: nextId++, text });
}

export function dismissError(id: number): void {
  bannerStore.messages = bannerStore.messages.filter((m) => m.id !== id);
}

export function clearErrors(): void {
  bannerStore.messages = [];
}
