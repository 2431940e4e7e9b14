// A small "i" button with an explanation (WCAG 1.4.13): shown while the button is hovered or focused
// and on click or tap, dismissed with Escape, and tied to the button with aria-describedby so a screen
// reader reads it with the button. Printed as plain text under its card.
import { useId, useState, type ReactNode } from 'react';

export function InfoTip({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = !dismissed && (pinned || hovered || focused);
  return (
    <span
      className="info-tip"
      onMouseEnter={() => {
        setDismissed(false);
        setHovered(true);
      }}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        className="info-tip__button"
        aria-label={label}
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => {
          setDismissed(false);
          setPinned((p) => !p);
        }}
        onFocus={() => {
          setDismissed(false);
          setFocused(true);
        }}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setDismissed(true);
            setPinned(false);
          }
        }}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span
        id={id}
        role="tooltip"
        className={open ? 'info-tip__text info-tip__text--open' : 'info-tip__text'}
      >
        {children}
      </span>
    </span>
  );
}
