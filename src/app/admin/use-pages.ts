import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../errors/error-text';
import { showError } from '../stores/banner';

/** One page of a list read newest first: its items, and the cursor of the next page (null at the end). */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly next: number | null;
}

/**
 * A list the moderators' page reads page by page (the reports, the audit log): read again from its
 * first page whenever `readPage` changes (a filter), the next pages appended on demand, and a
 * failure shown in the banner. `readPage` must be memoised (useCallback) on what it reads by.
 */
export function usePages<T>(readPage: (before?: number) => Promise<ListPage<T>>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<number | null>(null);

  const load = useCallback(
    async (before?: number) => {
      try {
        const page = await readPage(before);
        setItems((known) => (before ? [...(known ?? []), ...page.items] : [...page.items]));
        setNext(page.next);
      } catch (error) {
        showError(errorText(error));
      }
    },
    [readPage],
  );
  useEffect(() => {
    setItems(null);
    void load();
  }, [load]);

  /** The next page, or null when the list is whole. */
  const more = next === null ? null : () => void load(next);
  return { items, setItems, more };
}
