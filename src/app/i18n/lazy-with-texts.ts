import { lazy } from 'react';
import { loadTexts } from './setup';

/**
 * React.lazy for a part of the app the first paint does not show: the component's chunk and the
 * later texts (src/app/i18n/text-parts.ts) load together, so it never renders a bare key.
 */
export const lazyWithTexts: typeof lazy = (load) =>
  lazy(() => Promise.all([load(), loadTexts('later')]).then(([module]) => module));
