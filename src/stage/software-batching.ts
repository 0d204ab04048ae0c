import { ExtensionType, extensions, type System, type WebGLRenderer } from 'pixi.js';
import { webglRendererName } from './renderer-choice';
import { batchTextureLimit } from './software-gl';

/**
 * A WebGL system that shortens Pixi's texture batches on software renderers (see software-gl.ts).
 * Systems hear contextChange in registration order, so this runs after Pixi's own limits system has
 * measured the context, and before the batchers and shaders read the limit (on their first render).
 */
class SoftwareBatchLimit implements System {
  static extension = { type: [ExtensionType.WebGLSystem], name: 'softwareBatchLimit' } as const;

  constructor(private readonly renderer: WebGLRenderer) {}

  contextChange(gl: WebGL2RenderingContext): void {
    const limits = this.renderer.limits;
    limits.maxBatchableTextures = batchTextureLimit(webglRendererName(gl), limits.maxBatchableTextures);
  }

  destroy(): void {}
}

extensions.add(SoftwareBatchLimit);
