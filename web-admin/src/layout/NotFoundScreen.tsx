// An address under /admin that is no route of the panel (spec §2: "any other path" is a not-found screen):
// said so in Romanian with a way back, rather than the login form the address did not ask for. The gateway
// answers these addresses with status 404 (services/gateway/src/spa-hosting.ts).
import { useEffect, useId } from 'react';
import { Link } from 'wouter';
import { notFoundTexts } from '../texts';

export function NotFoundScreen() {
  const ids = useId();
  useEffect(() => {
    const previous = document.title;
    document.title = notFoundTexts.documentTitle;
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <main className="auth-page" data-testid="not-found">
      <section className="auth-card" aria-labelledby={`${ids}-heading`}>
        <p className="brand">BodyMetrics</p>
        <h1 id={`${ids}-heading`}>{notFoundTexts.heading}</h1>
        <p className="muted">{notFoundTexts.hint}</p>
        <Link href="/" className="button button-primary">
          {notFoundTexts.goToPanel}
        </Link>
      </section>
    </main>
  );
}
