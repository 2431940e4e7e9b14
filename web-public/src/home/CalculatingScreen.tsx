// The staged "calculating" animation (spec §2): the logo fills and the bar grows over 3000 ms in 50 ms
// steps, the message follows the progress, and the screen completes 500 ms after 100%. The logo is a
// button: it clears the session and returns to the start.
import { useEffect, useId, useRef, useState } from 'react';
import {
  calculatingMessage,
  COMPLETE_PAUSE_MS,
  progressAfterTicks,
  PROGRESS_STEP_MS,
} from './calculating-stages';
import { calculatingTexts } from '../texts/calculating';
import { useTexts } from '../texts/i18n';

const HEARTBEAT = 'M10 34h12l5-12 8 24 6-16 3 4h10';

interface CalculatingScreenProps {
  onComplete: () => void;
  onStartOver: () => void;
}

export function CalculatingScreen({ onComplete, onStartOver }: CalculatingScreenProps) {
  const [progress, setProgress] = useState(0);
  const t = useTexts(calculatingTexts);
  const clipId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const completeRef = useRef(onComplete);
  completeRef.current = onComplete;

  useEffect(() => {
    // The submit button that had focus is gone: tell assistive technology where the visitor is now.
    headingRef.current?.focus();
    let ticks = 0;
    let done: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      ticks += 1;
      const next = progressAfterTicks(ticks);
      setProgress(next);
      if (next >= 100) {
        clearInterval(timer);
        done = setTimeout(() => completeRef.current(), COMPLETE_PAUSE_MS);
      }
    }, PROGRESS_STEP_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(done);
    };
  }, []);

  const message = t[calculatingMessage(progress)];
  // The fill rises from the bottom of the 64-unit-tall mark.
  const fillHeight = (64 * progress) / 100;

  return (
    <section
      className="card calculating"
      data-testid="calculating-screen"
      aria-labelledby="calculating-title"
    >
      <button type="button" className="calculating__logo" onClick={onStartOver} aria-label={t.startOver}>
        <svg viewBox="0 0 64 64" width="96" height="96" aria-hidden="true" focusable="false">
          <defs>
            <clipPath id={clipId}>
              <rect x="0" y={64 - fillHeight} width="64" height={fillHeight} />
            </clipPath>
          </defs>
          <rect x="2" y="2" width="60" height="60" rx="16" fill="#e6eef8" stroke="#0b5cad" strokeWidth="3" />
          <path
            d={HEARTBEAT}
            fill="none"
            stroke="#0b5cad"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <g clipPath={`url(#${clipId})`}>
            <rect x="2" y="2" width="60" height="60" rx="16" fill="#0b5cad" />
            <path
              d={HEARTBEAT}
              fill="none"
              stroke="#fff"
              strokeWidth="4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </g>
        </svg>
      </button>
      <h1 id="calculating-title" ref={headingRef} tabIndex={-1}>
        {t.title}
      </h1>
      <p className="calculating__message" aria-live="polite">
        {message}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label={t.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className="progress__bar" style={{ width: `${progress}%` }} />
      </div>
      <p className="calculating__percent" aria-hidden="true">
        {progress}%
      </p>
    </section>
  );
}
