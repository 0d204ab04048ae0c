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
