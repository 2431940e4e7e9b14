// The BodyMetrics mark: a heart-rate line in a rounded square. Decorative wherever it appears; the text
// or the control around it carries the name.
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#0b5cad" />
      <path
        d="M5 17h6l2.5-6 4 12 3-8 1.5 2H27"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
