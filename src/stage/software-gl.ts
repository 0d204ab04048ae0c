/**
 * Whether WebGL runs on a CPU rasteriser (SwiftShader, llvmpipe, softpipe, WARP…), and what the
 * stage changes there. Pure, so the choice is unit-tested without a GPU.
 */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|lavapipe|software|microsoft basic render/i;

export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERERS.test(renderer);
}

/**
 * Pixi batches up to MAX_TEXTURE_IMAGE_UNITS textures per draw and picks one per fragment with an
 * if/else chain over all of them (32 on SwiftShader). A GPU runs only the taken branch; a CPU
 * rasteriser pays for the whole chain on every fragment, which made a full-canvas fill about three
 * times dearer than with a short chain. A few textures per batch keeps the draw count low (labels
 * are separate textures) while every fragment stays cheap.
 */
export const SOFTWARE_BATCH_TEXTURES = 4;

export function batchTextureLimit(renderer: string, detected: number): number {
  return isSoftwareRenderer(renderer) ? Math.min(detected, SOFTWARE_BATCH_TEXTURES) : detected;
}

/** The Pixi renderers the stage chooses between. */
export type StageRenderer = 'webgl' | 'canvas';

export const RENDERER_OVERRIDE_KEY = 'broadside.renderer';

/** What a look at the browser's WebGL found (see renderer-choice.ts). */
export interface WebglProbe {
  /** A WebGL2 context exists at all. */
  readonly available: boolean;
  /** The browser gave one with failIfMajorPerformanceCaveat, i.e. it is not a CPU fallback. */
  readonly accelerated: boolean;
  /** The unmasked renderer name, '' when unknown. */
  readonly renderer: string;
}

/**
 * WebGL where a GPU runs it; otherwise Pixi's Canvas 2D renderer. Without a GPU, Chrome runs WebGL
 * on SwiftShader and then reads every frame back to composite it in software, while a 2D canvas is
 * drawn by Skia straight into the software compositor's memory: on this project's frame bench
 * (shot burst, 2 cores) that took the frames over 20 ms from 16–34% to under 1%. An explicit,
 * valid override (a developer comparing the two) wins.
 */
export function chooseStageRenderer(probe: WebglProbe, override?: string | null): StageRenderer {
  if (override === 'webgl' || override === 'canvas') return override;
  if (!probe.available || !probe.accelerated) return 'canvas';
  return isSoftwareRenderer(probe.renderer) ? 'canvas' : 'webgl';
}
