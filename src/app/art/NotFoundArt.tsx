/** The 404 picture: a lone splash where the page should be, over an empty, numbered grid. */
export function NotFoundArt() {
  const cells = Array.from({ length: 6 }, (_, i) => i);
  return (
    <svg viewBox="0 0 240 160" aria-hidden="true" focusable="false">
      <rect x="20" y="10" width="200" height="140" rx="10" fill="var(--stage-water)" />
      <g stroke="var(--stage-grid-line)" strokeWidth="1">
        {cells.map((i) => (
          <line key={`v${i}`} x1={20 + (i + 1) * 28.5} y1="10" x2={20 + (i + 1) * 28.5} y2="150" />
        ))}
        {cells.slice(0, 4).map((i) => (
          <line key={`h${i}`} x1="20" y1={10 + (i + 1) * 28} x2="220" y2={10 + (i + 1) * 28} />
        ))}
      </g>
      <g fill="var(--stage-miss)">
        <circle cx="63" cy="52" r="5" />
        <circle cx="177" cy="108" r="5" />
        <circle cx="92" cy="122" r="5" />
      </g>
      <g fill="var(--stage-ship-stroke)" opacity="0.9">
        <path d="M112 96c3-16 5-26 8-34 3 8 5 18 8 34z" />
        <path d="M103 98c2-9 4-14 6-18 1 6 2 11 3 18z" />
        <path d="M128 98c2-7 3-12 6-16 1 5 2 10 3 16z" />
      </g>
      <ellipse cx="120" cy="99" rx="22" ry="5" fill="none" stroke="var(--stage-miss)" strokeWidth="2" />
    </svg>
  );
}
