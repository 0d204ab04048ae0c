import { startServer } from './app';

/** `npm start` / `npm run serve`: configuration from the environment (PORT, HOST, DATA_DIR, JWT_SECRET…). */
const server = await startServer();
server.app.log.info({ url: server.url }, 'Broadside is ready');

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.app.log.info({ signal }, 'stopping');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
