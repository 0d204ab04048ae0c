import { useSnapshot } from 'valtio';
import { type PeopleRoutes, peopleRoutes } from '../../protocol/capabilities';
import { serverStore } from '../stores/server';

/** Which friends and messages routes the server in use has, live (src/protocol/capabilities.ts decides). */
export function usePeopleRoutes(): PeopleRoutes {
  return peopleRoutes(useSnapshot(serverStore).capabilities);
}
