// Unknown paths. The spec has two not-found screens and does not say which one unknown paths get; we
// show the generic one ("404 Page Not Found" with its router hint) everywhere, so there is one screen.
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useTexts } from '../texts/i18n';
import { notFoundTexts } from '../texts/pages';

export function NotFound() {
  const t = useTexts(notFoundTexts);
  useEffect(() => {
    const previous = document.title;
    document.title = t.documentTitle;
    return () => {
      document.title = previous;
    };
  }, [t.documentTitle]);
  return (
    <section
      className="page page--narrow not-found"
      data-testid="not-found"
      aria-labelledby="not-found-title"
    >
      <h1 id="not-found-title">{t.title}</h1>
      <p>{t.hint}</p>
      <p>
        <Link href="/" className="button button--primary">
          {t.home}
        </Link>
      </p>
    </section>
  );
}
