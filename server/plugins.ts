import type { FastifyPluginCallback } from 'fastify';
import { accountsPlugin } from './accounts/plugin';
import { analysisPlugin } from './analysis/plugin';
import { chatPlugin } from './chat/plugin';
import type { ServerContext } from './context';
import { friendsPlugin } from './friends/plugin';
import { corsPlugin } from './http/cors';
import { historyPlugin } from './http/history-routes';
import { accountAndRoomRoutes } from './http/routes';
import { webClient } from './http/web-client';
import { liveGamesPlugin } from './live-games/plugin';
import { lobbyPlugin } from './lobby/plugin';
import { moderationPlugin } from './moderation/plugin';
import { consolePlugin } from './operations/console/plugin';
import { healthPlugin } from './operations/health';
import { metricsPlugin } from './operations/metrics-route';

/**
 * Every capability of the server, one fastify plugin each in its own folder, given the shared
 * context (server/context.ts) and registered in this order (docs/architecture.md, "Plugins"): CORS
 * first so every route answers cross-origin calls, the built client last as the catch-all.
 */
export const PLUGINS: readonly FastifyPluginCallback<ServerContext>[] = [
  corsPlugin,
  accountAndRoomRoutes,
  historyPlugin,
  lobbyPlugin,
  liveGamesPlugin,
  moderationPlugin,
  accountsPlugin,
  chatPlugin,
  friendsPlugin,
  analysisPlugin,
  metricsPlugin,
  healthPlugin,
  consolePlugin,
  webClient,
];
