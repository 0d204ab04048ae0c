import { proxy } from 'valtio';
import { isRememberablePath, returnTarget } from '../routing/guards';

/** The page a guard sent away from, so login, registration or logout can go back there (docs/game.md, Routes). */
export const returnPathStore = proxy<{ path: string | null }>({ path: null });

export function rememberPath(path: string): void {
  if (isRememberablePath(path)) returnPathStore.path = path;
}

/** Where to go now; the remembered path is used once. */
export function takeReturnTarget(): string {
  const target = returnTarget(returnPathStore.path);
  returnPathStore.path = null;
  return target;
}
