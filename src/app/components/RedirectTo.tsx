import { useLayoutEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { rememberPath } from '../stores/return-path';

/** Replaces the current entry with `to`; with `remember`, the current path is kept for later (docs/game.md, Routes). */
export function RedirectTo({ to, remember = false }: { to: string; remember?: boolean }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  useLayoutEffect(() => {
    if (remember) rememberPath(search ? `${location}?${search}` : location);
    navigate(to, { replace: true });
  }, [to, remember, location, search, navigate]);
  return null;
}
