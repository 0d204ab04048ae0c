export * from './types';
export * from './registry';
export * from './simulate';
export * from './player';
export { createSampler, samplesFor } from './shooters/sampler';
