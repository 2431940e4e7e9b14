// The small "i" beside a card's or a panel's title: it shows how the figure is counted
// (docs/counting.md, texts.ts) in a popover under it, so the definitions stay one press away instead of filling the
// cards. A disclosure: the button says whether it is open (aria-expanded) and the text follows it in the
// reading order; Escape, a second press or a press elsewhere closes it, Escape giving the focus back.
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { infoTexts } from '../texts';

/** The popover's width: 20rem, less on a narrow window, never wider than the window's inner margin. */
const popoverWidth = () => Math.min(320, window.innerWidth - 32);

export function InfoButton({ topic, text }: { topic: string; text: string }) {
  const id = useId();
  const [placement, setPlacement] = useState<CSSProperties | null>(null);
  const wrap = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const open = placement !== null;

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setPlacement(null);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setPlacement(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  function toggle() {
    if (open) {
      setPlacement(null);
      return;
    }
    // Under the button, moved left as far as needed to stay inside the window: nothing may widen the page.
    const width = popoverWidth();
    const left = button.current?.getBoundingClientRect().left ?? 0;
    const clamped = Math.max(16, Math.min(left, window.innerWidth - 16 - width));
    setPlacement({ width, left: clamped - left });
  }

  return (
    <span className="info" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="info-button"
        aria-label={infoTexts.about(topic)}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={toggle}
      >
        <span aria-hidden="true">i</span>
      </button>
      {placement && (
        <span id={id} className="info-popover" style={placement}>
          {text}
        </span>
      )}
    </span>
  );
}
