import type { AnalysisAnswer } from '../../protocol/analysis';
import type { BannerText } from '../errors/error-text';

/* The replay page's wait for an analysis (docs/protocol.md, "Analysis"): what it shows, and when it
 * asks again. */

export type ReviewState =
  | { readonly kind: 'loading' }
  /** Never analysed: the player may ask for it. */
  | { readonly kind: 'none' }
  | { readonly kind: 'pending'; readonly ahead: number; readonly running: boolean }
  | { readonly kind: 'done'; readonly answer: AnalysisAnswer & { status: 'done' } }
  | { readonly kind: 'failed'; readonly text: BannerText };

/** The state an answer puts the review in, and after how many ms to ask again (null: do not). */
export function afterAnswer(answer: AnalysisAnswer): { state: ReviewState; askAgainMs: number | null } {
  switch (answer.status) {
    case 'done':
      return { state: { kind: 'done', answer }, askAgainMs: null };
    case 'none':
      return { state: { kind: 'none' }, askAgainMs: null };
    default:
      return {
        state: { kind: 'pending', ahead: answer.ahead, running: answer.status === 'running' },
        // Retry-After, but never sooner than a second nor later than ten: the page is being watched.
        askAgainMs: Math.min(10, Math.max(1, answer.retryAfter)) * 1000,
      };
  }
}
