/** The longest prefix the server searches (a username is at most 20 characters). */
export const SEARCH_MAX = 20;

/** What to ask the server for what was typed: trimmed, at most SEARCH_MAX characters; null for nothing to search. */
export function searchQuery(typed: string): string | null {
  const query = typed.trim().slice(0, SEARCH_MAX);
  return query === '' ? null : query;
}

/** The search typed in a /players address (`?q=`), or ''. */
export function queryOfSearch(search: string): string {
  return new URLSearchParams(search).get('q') ?? '';
}
