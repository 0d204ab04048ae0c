import { chooseStageRenderer, RENDERER_OVERRIDE_KEY, type StageRenderer, type WebglProbe } from './software-gl';

/** The renderer's name, unmasked where the browser allows it (Chromium does; it names SwiftShader). */
export function webglRendererName(gl: WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  return typeof name === 'string' ? name : '';
}

/** Creates a throw-away WebGL2 context to see what the browser offers, and frees it at once. */
function probeWebgl(): WebglProbe {
  const attempt = (failIfMajorPerformanceCaveat: boolean) =>
    document.createElement('canvas').getContext('webgl2', { failIfMajorPerformanceCaveat });
  const accelerated = attempt(true);
  const gl = accelerated ?? attempt(false);
  if (!gl) return { available: false, accelerated: false, renderer: '' };
  const renderer = webglRendererName(gl);
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return { available: true, accelerated: accelerated !== null, renderer };
}

function storedOverride(): string | null {
  try {
    return globalThis.localStorage?.getItem(RENDERER_OVERRIDE_KEY) ?? null;
  } catch {
    return null;
  }
}

let chosen: StageRenderer | undefined;

/** The renderer the stage uses in this page, probed once (see chooseStageRenderer). */
export function stageRenderer(): StageRenderer {
  chosen ??= chooseStageRenderer(probeWebgl(), storedOverride());
  return chosen;
}
