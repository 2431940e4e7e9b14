// The rotating headline line of spec §2: six phrases, a new one every 3 s. All six are stacked in one grid
// cell so the line is always as tall as its longest phrase (no layout shift). It is hidden from screen
// readers (the page heading says the same once, without repeating every 3 s), and a Pause button stops
// it (WCAG 2.2.2); it does not rotate at all for visitors who ask for reduced motion.
import { useEffect, useState } from 'react';
import { homeTexts } from '../texts/home';
import { useTexts } from '../texts/i18n';

const HEADLINE_PHRASES = ['phrase1', 'phrase2', 'phrase3', 'phrase4', 'phrase5', 'phrase6'] as const;
export const HEADLINE_ROTATION_MS = 3000;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function RotatingHeadline() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const t = useTexts(homeTexts);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % HEADLINE_PHRASES.length), HEADLINE_ROTATION_MS);
    return () => clearInterval(timer);
  }, [paused]);

  return (
    <div className="rotator-line">
      <p className="rotator" aria-hidden="true">
        <span className="rotator__lead">{t.discover}</span>
        <span className="rotator__phrases">
          {HEADLINE_PHRASES.map((phrase, i) => (
            <span key={phrase} className={i === index ? 'rotator__phrase is-current' : 'rotator__phrase'}>
              {t[phrase]}
            </span>
          ))}
        </span>
      </p>
      <button
        type="button"
        className="rotator__toggle"
        aria-pressed={paused}
        aria-label={t.pauseHeadline}
        onClick={() => setPaused((p) => !p)}
      >
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
      </button>
    </div>
  );
}
