/*
 * The chat choices a player keeps on this device (docs/game.md, "Chat"): "quick messages only",
 * remembered across games and reloads.
 */

const QUICK_ONLY_KEY = 'broadside.chat.quickOnly';

interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function storage(): KeyValue | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadQuickOnly(store: KeyValue | null = storage()): boolean {
  try {
    return store?.getItem(QUICK_ONLY_KEY) === 'true';
  } catch {
    return false;
  }
}

export function saveQuickOnly(on: boolean, store: KeyValue | null = storage()): void {
  try {
    store?.setItem(QUICK_ONLY_KEY, on ? 'true' : 'false');
  } catch {
    // A private window may refuse storage: the choice then lasts this page only.
  }
}
