import { describe, expect, it } from 'vitest';
import {
  batchTextureLimit,
  chooseStageRenderer,
  isSoftwareRenderer,
  SOFTWARE_BATCH_TEXTURES,
} from '../../../src/stage/software-gl';

const SWIFTSHADER = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';

describe('isSoftwareRenderer', () => {
  it('recognises the CPU rasterisers browsers fall back to', () => {
    expect(isSoftwareRenderer(SWIFTSHADER)).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11)')).toBe(true);
  });

  it('leaves real GPUs and masked names alone', () => {
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0)')).toBe(false);
    expect(isSoftwareRenderer('Apple M2')).toBe(false);
    expect(isSoftwareRenderer('WebKit WebGL')).toBe(false);
    expect(isSoftwareRenderer('')).toBe(false);
  });
});

describe('batchTextureLimit', () => {
  it('shortens the per-fragment texture chain on a software renderer only', () => {
    expect(batchTextureLimit(SWIFTSHADER, 32)).toBe(SOFTWARE_BATCH_TEXTURES);
    expect(batchTextureLimit('Mesa Intel(R) UHD Graphics 620', 32)).toBe(32);
  });

  it('never raises what the context allows', () => {
    expect(batchTextureLimit(SWIFTSHADER, 2)).toBe(2);
  });
});

describe('chooseStageRenderer', () => {
  const gpu = { available: true, accelerated: true, renderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11)' };

  it('keeps WebGL where a GPU runs it', () => {
    expect(chooseStageRenderer(gpu)).toBe('webgl');
    expect(chooseStageRenderer({ ...gpu, renderer: 'WebKit WebGL' })).toBe('webgl');
  });

  it('draws with Canvas 2D when WebGL is missing or a CPU fallback', () => {
    expect(chooseStageRenderer({ available: false, accelerated: false, renderer: '' })).toBe('canvas');
    // Chrome refuses a SwiftShader context when asked to fail on a major performance caveat…
    expect(chooseStageRenderer({ available: true, accelerated: false, renderer: SWIFTSHADER })).toBe('canvas');
    // …and a software driver that does not say so is still recognised by its name.
    expect(chooseStageRenderer({ ...gpu, renderer: 'llvmpipe (LLVM 15.0.6, 256 bits)' })).toBe('canvas');
  });

  it('lets a valid override win, and ignores anything else', () => {
    expect(chooseStageRenderer({ available: true, accelerated: false, renderer: SWIFTSHADER }, 'webgl')).toBe('webgl');
    expect(chooseStageRenderer(gpu, 'canvas')).toBe('canvas');
    expect(chooseStageRenderer(gpu, 'webgpu')).toBe('webgl');
    expect(chooseStageRenderer(gpu, null)).toBe('webgl');
  });
});
