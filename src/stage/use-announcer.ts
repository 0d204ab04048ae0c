import { useCallback, useRef, useState } from 'react';
import { SILENT, type Spoken, speak, type Voice } from './announcer';

/** The live region's text and how to say something into it (the rule is announcer.ts's). */
export function useAnnouncer(): { readonly announcement: string; say: (text: string, voice?: Voice) => void } {
  const [announcement, setAnnouncement] = useState('');
  const spoken = useRef<Spoken>(SILENT);
  const say = useCallback((text: string, voice: Voice = 'player') => {
    spoken.current = speak(spoken.current, text, voice, performance.now());
    setAnnouncement(spoken.current.text);
  }, []);
  return { announcement, say };
}
