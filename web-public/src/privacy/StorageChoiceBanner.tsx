// The storage-choice banner the Cookie Policy describes: what the app keeps in the browser, a link to the
// policy, and two equally easy answers. Not modal — the calculator stays usable behind it. Opened again
// from the footer it says what was chosen and takes focus; closing it gives focus back to the footer.
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { trackingAllowed } from '../tracking/privacy';
import { chooseStorage, closeStorageChoices, type StorageChoice } from './storage-choice';

export const storageChoiceTexts = {
  heading: 'Your storage choice',
  intro:
    'BodyMetrics keeps your calculator input and this choice in your browser so the site works. With your permission we also keep a random visitor ID, so that we can count returning visits; without it we use an ID that is deleted when you close this tab. We use no advertising or third-party cookies.',
  allow: 'Allow analytics storage',
  necessary: 'Necessary storage only',
  close: 'Close',
  signal:
    'Your browser sends a privacy signal (Global Privacy Control or Do Not Track), so BodyMetrics sends no analytics and keeps no visitor ID, whatever you choose here.',
  current: (choice: StorageChoice | null) =>
    choice === 'analytics'
      ? 'Your current choice: analytics storage allowed.'
      : choice === 'necessary'
        ? 'Your current choice: necessary storage only.'
        : 'You have not chosen yet.',
} as const;

const focusFooterOpener = () => document.getElementById('privacy-choices-button')?.focus();

export default function StorageChoiceBanner({
  choice,
  reopened,
}: {
  choice: StorageChoice | null;
  reopened: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const signal = !trackingAllowed();

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
      className="storage-choice"
      role="region"
      aria-labelledby="storage-choice-title"
      data-testid="storage-choice"
    >
      <div className="storage-choice__inner">
        <h2 id="storage-choice-title" className="storage-choice__title" tabIndex={-1} ref={heading}>
          {storageChoiceTexts.heading}
        </h2>
        <p className="storage-choice__text">
          {storageChoiceTexts.intro} <Link href="/legal/cookies">Cookie Policy</Link>
        </p>
        {signal ? <p className="storage-choice__text">{storageChoiceTexts.signal}</p> : null}
        {reopened ? (
          <p className="storage-choice__text storage-choice__current">{storageChoiceTexts.current(choice)}</p>
        ) : null}
        <div className="storage-choice__actions">
          <button type="button" className="button button--primary" onClick={() => answer('analytics')}>
            {storageChoiceTexts.allow}
          </button>
          <button type="button" className="button button--primary" onClick={() => answer('necessary')}>
            {storageChoiceTexts.necessary}
          </button>
          {reopened ? (
            <button type="button" className="button button--secondary" onClick={close}>
              {storageChoiceTexts.close}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
