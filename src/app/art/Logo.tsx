/**
 * Broadside's mark, drawn by the project: a brass ring with a gun sight over a warship's bow
 * cutting a wave. It takes its colours from the theme, so it reads on both.
 */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="29" fill="var(--surface-2)" stroke="var(--accent)" strokeWidth="4" />
      <path d="M32 3v10M32 51v10M3 32h10M51 32h10" stroke="var(--accent)" strokeWidth="4" strokeLinecap="round" />
      <path d="M13 38h38l-6 9H20z" fill="var(--text)" />
      <path d="M24 38v-6h8v-5h5v11z" fill="var(--text)" />
      <path d="M38 31h9" stroke="var(--text)" strokeWidth="2.5" strokeLinecap="round" />
      <path
        d="M9 48c4 0 4-2.5 8-2.5s4 2.5 8 2.5 4-2.5 8-2.5 4 2.5 8 2.5 4-2.5 8-2.5 4 2.5 6 2.5"
        fill="none"
        stroke="var(--sea)"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
