export * from './types';
export * from './registry';
export * from './simulate';
export * from './player';
export * from './end-watch';
export { createSampler, SAMPLES } from './shooters/sampler';
export * from './levels';
export * from './delay';
export { scriptedShooter } from './shooters/scripted';
