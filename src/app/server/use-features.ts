import { useSnapshot } from 'valtio';
import type { Feature } from '../../protocol/capabilities';
import { serverStore } from '../stores/server';

/** What the server in use offers beyond the SPEC dialect, live (src/protocol/capabilities.ts decides). */
export function useFeatures(): Readonly<Record<Feature, boolean>> {
  return useSnapshot(serverStore).capabilities.features;
}
