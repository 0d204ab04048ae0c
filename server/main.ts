import { startServer } from './app';
import { configFromEnv } from './config';

/** `npm start` / `npm run serve`: configuration from the environment (PORT, HOST, DATA_DIR, JWT_SECRET…). */
const config = configFromEnv();
const server = await startServer(config);
server.app.log.info({ url: server.url }, 'Broadside is ready');

let stopping = false;
/**
 * SIGTERM or SIGINT: drain (hand the rooms over, or finish what is in flight alone; tell the sockets
 * to reconnect), then close, all within DRAIN_SECONDS (docs/deploy.md, "Readiness and draining").
 */
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.app.log.info({ signal, drainSeconds: config.drainSeconds }, 'stopping');
  const force = setTimeout(() => {
    server.app.log.error({ drainSeconds: config.drainSeconds }, 'not stopped within DRAIN_SECONDS: exiting now');
    process.exit(1);
  }, config.drainSeconds * 1000);
  force.unref();
  try {
    await server.drain();
  } catch (error) {
    server.app.log.error({ err: error }, 'draining failed: stopping at once');
  }
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
