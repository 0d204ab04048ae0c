#!/usr/bin/env node
// The `broadside` command: registers tsx's ESM loader so the TypeScript sources run as they are
// (no build step for the CLI), then hands over to main.ts.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
