/**
 * Home's hero, drawn by the project: two fleets trading fire across a moonlit (dark theme) or
 * chart-paper (light theme) sea, with a targeting grid laid over the water. Colours are theme
 * variables, so each theme gets its own picture rather than an inverted one.
 */
export function HeroArt({ className }: { className?: string }) {
  const grid = Array.from({ length: 9 }, (_, i) => i);
  return (
    <svg className={className} viewBox="0 0 480 300" role="img" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--hero-sky-top)" />
          <stop offset="1" stopColor="var(--hero-sky-bottom)" />
        </linearGradient>
        <linearGradient id="hero-sea" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--hero-wave)" />
          <stop offset="1" stopColor="var(--hero-sea)" />
        </linearGradient>
        <clipPath id="hero-frame">
          <rect width="480" height="300" rx="14" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-frame)">
        <rect width="480" height="300" fill="url(#hero-sky)" />
        <circle cx="392" cy="62" r="26" fill="var(--hero-moon)" opacity="0.9" />
        <rect y="170" width="480" height="130" fill="url(#hero-sea)" />
        {/* The targeting grid, in perspective over the sea. */}
        <g stroke="var(--sea)" strokeOpacity="0.35" strokeWidth="1">
          {grid.map((i) => (
            <line key={`v${i}`} x1={240 + (i - 4) * 22} y1="170" x2={240 + (i - 4) * 90} y2="300" />
          ))}
          {[178, 190, 206, 228, 258, 296].map((y) => (
            <line key={`h${y}`} x1="0" y1={y} x2="480" y2={y} />
          ))}
        </g>
        {/* Far ship, left, firing. */}
        <g fill="var(--hero-deck)">
          <path d="M52 168h92l-10 10H62z" />
          <path d="M78 168v-9h20v-8h8v17z" />
          <rect x="112" y="161" width="18" height="4" />
          <path d="M144 160l-10 4" stroke="var(--hero-deck)" strokeWidth="2" />
        </g>
        <circle cx="150" cy="158" r="5" fill="var(--hero-sight)" />
        <path
          d="M150 158 Q 250 70 330 178"
          fill="none"
          stroke="var(--hero-sight)"
          strokeWidth="2"
          strokeDasharray="3 6"
        />
        {/* Near ship, right: the battleship under fire. */}
        <g fill="var(--hero-hull)">
          <path d="M262 206h196l-22 24H282z" />
          <path d="M300 206v-16h40v-14h14v-12h8v12h8v30z" />
          <rect x="372" y="196" width="28" height="10" rx="3" />
          <rect x="398" y="199" width="26" height="3" />
          <rect x="276" y="198" width="22" height="8" rx="3" />
          <rect x="256" y="200" width="22" height="3" />
        </g>
        <g fill="var(--hero-sky-top)" opacity="0.5">
          <circle cx="310" cy="216" r="2.5" />
          <circle cx="330" cy="216" r="2.5" />
          <circle cx="350" cy="216" r="2.5" />
          <circle cx="370" cy="216" r="2.5" />
          <circle cx="390" cy="216" r="2.5" />
          <circle cx="410" cy="216" r="2.5" />
        </g>
        {/* The splash of a near miss. */}
        <g fill="var(--hero-foam)" opacity="0.9">
          <path d="M222 232c4-18 7-30 10-38 3 8 6 20 10 38z" />
          <path d="M212 234c2-10 5-16 8-20 1 6 2 12 4 20z" />
          <path d="M240 234c2-8 4-14 7-18 1 6 2 11 3 18z" />
        </g>
        {/* Waves in front. */}
        <path
          d="M0 252c20 0 20-8 40-8s20 8 40 8 20-8 40-8 20 8 40 8 20-8 40-8 20 8 40 8 20-8 40-8 20 8 40 8 20-8 40-8 20 8 40 8 20-8 40-8 20 8 40 8v48H0z"
          fill="var(--hero-sea)"
          opacity="0.85"
        />
        <path
          d="M0 276c20 0 20-7 40-7s20 7 40 7 20-7 40-7 20 7 40 7 20-7 40-7 20 7 40 7 20-7 40-7 20 7 40 7 20-7 40-7 20 7 40 7 20-7 40-7 20 7 40 7v24H0z"
          fill="var(--hero-wave)"
          opacity="0.6"
        />
        {/* A sight on the target. */}
        <g stroke="var(--hero-sight)" strokeWidth="2.5" fill="none">
          <circle cx="340" cy="204" r="18" />
          <path d="M340 178v12M340 218v12M314 204h12M354 204h12" strokeLinecap="round" />
        </g>
      </g>
    </svg>
  );
}
