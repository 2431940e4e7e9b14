// The storage-choice banner the Cookie Policy describes: what the app keeps in the browser, a link to the
// policy, and two equally easy answers (the names the policy uses). Not modal — the calculator stays
// usable behind it. On arrival it is short (at most a fifth of a phone's screen: two sentences and the
// two answers side by side) and steps aside while the form's submit button is where it would cover it.
// Opened again from the footer it explains in full, says what was chosen and takes focus; closing it
// gives focus back to the footer.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'wouter';
import { trackingAllowed } from '../tracking/privacy';
import { useTexts } from '../texts/i18n';
import { storageChoiceTexts } from '../texts/storage-choice';
import { chooseStorage, closeStorageChoices, type StorageChoice } from './storage-choice';

const currentKey = (choice: StorageChoice | null) =>
  choice === 'analytics' ? 'currentAnalytics' : choice === 'necessary' ? 'currentNecessary' : 'currentNone';

const focusFooterOpener = () => document.getElementById('privacy-choices-button')?.focus();

/** Marks what the banner must never cover (the calculator's submit button). */
export const KEEP_CLEAR_ATTRIBUTE = 'data-keep-clear-of-banner';

/**
 * True while a keep-clear element is in the strip at the bottom of the viewport the stuck banner takes:
 * the banner then stays in its place at the end of the page instead of over the button.
 */
function useStepAside(banner: RefObject<HTMLElement | null>): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const height = banner.current?.offsetHeight ?? 0;
      const strip = window.innerHeight - height;
      const covered = [...document.querySelectorAll(`[${KEEP_CLEAR_ATTRIBUTE}]`)].some((element) => {
        const box = element.getBoundingClientRect();
        return box.height > 0 && box.bottom > strip && box.top < window.innerHeight;
      });
      setAside(covered);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // The form appears and disappears with the flow (calculating, results): look again when it does.
    const observer = new MutationObserver(schedule);
    observer.observe(document.getElementById('main') ?? document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [banner]);
  return aside;
}

export default function StorageChoiceBanner({
  choice,
  reopened,
}: {
  choice: StorageChoice | null;
  reopened: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  const texts = useTexts(storageChoiceTexts);
  const signal = !trackingAllowed();
  const aside = useStepAside(section);

  useEffect(() => {
    // Asked for from the footer: take the visitor there. On arrival it must not steal focus.
    if (reopened) heading.current?.focus();
  }, [reopened]);

  const answer = (next: StorageChoice) => {
    chooseStorage(next);
    if (reopened) focusFooterOpener();
  };
  const close = () => {
    closeStorageChoices();
    focusFooterOpener();
  };

  return (
    <section
      ref={section}
      className={`storage-choice${reopened ? ' storage-choice--full' : ''}${aside ? ' storage-choice--aside' : ''}`}
      role="region"
      aria-labelledby="storage-choice-title"
      data-testid="storage-choice"
    >
      <div className="storage-choice__inner">
        <h2 id="storage-choice-title" className="storage-choice__title" tabIndex={-1} ref={heading}>
          {texts.heading}
        </h2>
        <p className="storage-choice__text">
          {reopened ? texts.intro : texts.lead} <Link href="/legal/cookies">{texts.cookiePolicy}</Link>
        </p>
        {signal ? <p className="storage-choice__text">{texts.signal}</p> : null}
        {reopened ? (
          <p className="storage-choice__text storage-choice__current">{texts[currentKey(choice)]}</p>
        ) : null}
        <div className="storage-choice__actions">
          <button type="button" className="button button--primary" onClick={() => answer('analytics')}>
            {texts.allow}
          </button>
          <button type="button" className="button button--primary" onClick={() => answer('necessary')}>
            {texts.necessary}
          </button>
          {reopened ? (
            <button type="button" className="button button--secondary" onClick={close}>
              {texts.close}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
