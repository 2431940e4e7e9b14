// Unknown paths. The spec has two not-found screens and does not say which one unknown paths get; we
// show the generic one ("404 Page Not Found" with its router hint) everywhere, so there is one screen.
import { useEffect } from 'react';
import { Link } from 'wouter';

export function NotFound() {
  useEffect(() => {
    const previous = document.title;
    document.title = '404 Page Not Found | BodyMetrics';
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <section
      className="page page--narrow not-found"
      data-testid="not-found"
      aria-labelledby="not-found-title"
    >
      <h1 id="not-found-title">404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
      <p>
        <Link href="/" className="button button--primary">
          Go to the calculator
        </Link>
      </p>
    </section>
  );
}
