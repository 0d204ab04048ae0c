export * from './errors';
export * from './schemas';
export * from './types';
export * from './api-client';
export * from './game-client';
