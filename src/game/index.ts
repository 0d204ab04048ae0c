export * from './result';
export * from './grid';
export * from './fleet';
export * from './rng';
export * from './placement';
export * from './shots';
export * from './game';
export * from './view';
