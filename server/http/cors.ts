import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import fp from 'fastify-plugin';
import type { ServerContext } from '../context';

/**
 * CORS as the original server answers it: any origin, preflight 204, the methods and headers the
 * API uses; no credentials (tokens travel in the Authorization header). Every route answers
 * cross-origin calls (docs/protocol.md, CORS): the original client is deployed on another origin
 * than its API.
 */
const CORS = {
  origin: '*',
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: ['authorization', 'content-type', 'accept'],
  credentials: false,
  optionsSuccessStatus: 204,
  maxAge: 600,
} satisfies FastifyCorsOptions;

export const corsPlugin = fp<ServerContext>(async (app) => {
  await app.register(fastifyCors, CORS);
});
