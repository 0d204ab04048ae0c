import { ExtensionType, extensions, type System, type WebGLRenderer } from 'pixi.js';
import { batchTextureLimit } from './software-gl';

/** The renderer's name, unmasked where the browser allows it (Chromium does; it names SwiftShader). */
function rendererName(gl: WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  return typeof name === 'string' ? name : '';
}

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
    limits.maxBatchableTextures = batchTextureLimit(rendererName(gl), limits.maxBatchableTextures);
  }

  destroy(): void {}
}

extensions.add(SoftwareBatchLimit);
