import { STEP_ICONS, type StepIconName } from './icons';

/** One media-control pictogram of STEP_ICONS, sized to the text around it. */
export function StepIcon({ name }: { readonly name: StepIconName }) {
  return (
    <svg className="step-icon" viewBox="0 0 24 24" width="1.25em" height="1.25em" aria-hidden="true" focusable="false">
      <path d={STEP_ICONS[name]} fill="currentColor" />
    </svg>
  );
}
