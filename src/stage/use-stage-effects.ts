import { type RefObject, useEffect, useRef } from 'react';
import { CLASSIC_RULES, type Rules } from '../game';
import { joinAnnouncements, type Translate } from './announce';
import type { Voice } from './announcer';
import { planEffects, type StageSnapshot, toStageSnapshot } from './effects-plan';
import type { Interaction } from './interaction';
import { scheduleShots } from './shot-beats';
import { stopAllCues } from './sounds';
import { useCueTimers } from './use-cue-timers';

/**
 * Effects, sounds and announcements come from the difference between two views (effects-plan.ts):
 * each new view is diffed with the one before, the effects are queued for the scene's ticker and
 * the sounds played unless muted, a salvo's shots one after the other (shot-beats.ts), and the
 * announcements said.
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
): void {
  const { muted, translate, say, rules = CLASSIC_RULES } = options;
  const previous = useRef<StageSnapshot | null>(null);
  const watchedPlay = useRef(false);
  // Muting takes effect for the next cue; the view alone triggers a plan.
  const mutedNow = useRef(muted);
  mutedNow.current = muted;
  const playLater = useCueTimers(() => mutedNow.current);
  // The rules only name ships in the texts: a change of them alone plans nothing.
  const rulesNow = useRef(rules);
  rulesNow.current = rules;
  useEffect(() => {
    const next = toStageSnapshot(view);
    if (next.gameStatus === 'PLAY') watchedPlay.current = true;
    else if (next.gameStatus !== 'ENDED') watchedPlay.current = false;
    const plan = planEffects(previous.current, next, watchedPlay.current);
    previous.current = next;
    const now = performance.now();
    const scheduled = scheduleShots(plan, next.battlePlace);
    scheduled.effects.forEach(({ item, delayMs }, i) => {
      interaction.current.effects.push({ effect: item, start: now + delayMs, seed: i * 3.1 + now });
    });
    playLater(scheduled.sounds);
    if (plan.announcements.length > 0) say(joinAnnouncements(translate, plan.announcements, rulesNow.current), 'game');
  }, [view, interaction, translate, say, playLater]);
  useEffect(() => {
    if (muted) stopAllCues();
  }, [muted]);
}
