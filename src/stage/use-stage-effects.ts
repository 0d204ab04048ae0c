import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { CLASSIC_RULES, type Rules } from '../game';
import { joinAnnouncements, type Translate } from './announce';
import type { Voice } from './announcer';
import { planEffects, type StageSnapshot, toStageSnapshot } from './effects-plan';
import type { Interaction } from './interaction';
import { markHolds, type MarkHold } from './mark-beats';
import { moveOrder, SALVO_SPAN_MS, SETTLE_MS, scheduleShots } from './shot-beats';
import { stopAllCues } from './sounds';
import { useCueTimers } from './use-cue-timers';
import { useMarkHolds } from './use-mark-holds';

/**
 * Effects, sounds and announcements come from the difference between two views (effects-plan.ts):
 * each new view is diffed with the one before, the effects are queued for the scene's ticker and
 * the sounds played unless muted, a salvo's shots one after the other in the order fired
 * (shot-beats.ts) with their marks (mark-beats.ts), and the announcements said. A move that arrives
 * while a salvo still lands waits for it (2.4 s at most). Returns the marks held back.
 */
export function useStageEffects(
  view: StageSnapshot,
  interaction: RefObject<Interaction>,
  options: {
    readonly muted: boolean;
    readonly translate: Translate;
    readonly say: (text: string, voice: Voice) => void;
    /** The room's rules, for the class of a sunk ship. */
    readonly rules?: Rules;
  },
): readonly MarkHold[] {
  const { muted, translate, say, rules = CLASSIC_RULES } = options;
  const { holds, add } = useMarkHolds();
  const busyUntil = useRef(0);
  const previous = useRef<StageSnapshot | null>(null);
  const watchedPlay = useRef(false);
  // Muting takes effect for the next cue; the view alone triggers a plan.
  const mutedNow = useRef(muted);
  mutedNow.current = muted;
  const playLater = useCueTimers(() => mutedNow.current);
  // The rules only name ships in the texts: a change of them alone plans nothing.
  const rulesNow = useRef(rules);
  rulesNow.current = rules;
  // Before the browser paints: the new view's marks are held back in the same frame they arrive.
  useLayoutEffect(() => {
    const next = toStageSnapshot(view);
    if (next.gameStatus === 'PLAY') watchedPlay.current = true;
    else if (next.gameStatus !== 'ENDED') watchedPlay.current = false;
    const plan = planEffects(previous.current, next, watchedPlay.current);
    const before = previous.current;
    previous.current = next;
    const now = performance.now();
    const scheduled = scheduleShots(plan, moveOrder(next));
    const shots = scheduled.effects.filter(({ item }) => item.kind === 'splash' || item.kind === 'explosion').length;
    const start = shots > 0 ? Math.min(Math.max(now, busyUntil.current), now + SALVO_SPAN_MS) : now;
    scheduled.effects.forEach(({ item, delayMs }, i) => {
      interaction.current.effects.push({ effect: item, start: start + delayMs, seed: i * 3.1 + now });
    });
    playLater(scheduled.sounds.map((cue) => ({ ...cue, delayMs: cue.delayMs + start - now })));
    if (shots > 0) add(markHolds(before, scheduled, start));
    // Only a salvo makes the next move wait: a single shot lands at once, as it always did.
    if (shots > 1) busyUntil.current = start + Math.max(...scheduled.sounds.map((cue) => cue.delayMs)) + SETTLE_MS;
    if (plan.announcements.length > 0) say(joinAnnouncements(translate, plan.announcements, rulesNow.current), 'game');
  }, [view, interaction, translate, say, playLater, add]);
  useEffect(() => {
    if (muted) stopAllCues();
  }, [muted]);
  return holds;
}
