export * from './errors';
export * from './schemas';
export * from './types';
export * from './spectators';
export * from './api-client';
export * from './client-state';
export * from './game-client';
export * from './metrics';
