// A policy page (spec §2): skeleton while loading, then the title, the server's HTML and "Last updated";
// on failure the spec's red message. The HTML is our own, sanitized by the server; it is sanitized again
// here (DOMPurify) because it is the one place the app renders HTML, and it is the only field ever
// rendered as HTML. Links inside it to our own pages navigate in the app without a reload.
import { offersRoutes, routeUrl } from '@bodymetrics/contracts';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useEffect, useMemo, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { call } from '@bodymetrics/web-kit/api';
import { withQueryClient } from '../lib/with-query-client';
import { useNumbers } from '../texts/format';
import { useLanguage, useTexts } from '../texts/i18n';
import { legalTexts } from '../texts/pages';
import type { PolicySlug } from './policies';

// Policy pages are text: an image without a description would be announced by its file name.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
});

function LegalPage({ slug }: { slug: PolicySlug }) {
  const t = useTexts(legalTexts);
  const numbers = useNumbers();
  const policyName = t[slug];
  const params = { slug };
  // The page in the shown language: English is the route as it always was (no lang).
  const query = useLanguage() === 'ro' ? { lang: 'ro' as const } : {};
  const page = useQuery({
    queryKey: [routeUrl(offersRoutes.legalPage, query, params)],
    queryFn: () => call(offersRoutes.legalPage, { params, query }),
  });
  const [, navigate] = useLocation();
  const html = useMemo(
    () => (page.data ? DOMPurify.sanitize(page.data.content, { USE_PROFILES: { html: true } }) : ''),
    [page.data],
  );

  useEffect(() => {
    const previous = document.title;
    document.title = `${page.data?.title ?? policyName} | BodyMetrics`;
    return () => {
      document.title = previous;
    };
  }, [page.data?.title, policyName]);

  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || (anchor.target && anchor.target !== '_self')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };

  return (
    <div className="page page--narrow">
      <article
        className="card legal"
        data-testid="legal-page"
        aria-busy={page.isPending}
        aria-labelledby="legal-title"
      >
        {page.isPending ? (
          <>
            <h1 id="legal-title">{policyName}</h1>
            <p className="visually-hidden" role="status">
              {t.loading({ name: policyName })}
            </p>
            <div className="skeleton skeleton--short" />
            <div className="skeleton" />
            <div className="skeleton" />
            <div className="skeleton" />
            <div className="skeleton skeleton--short" />
          </>
        ) : page.isError ? (
          <>
            <h1 id="legal-title">{policyName}</h1>
            <p className="error-text" role="alert">
              {t.failed({ name: policyName })}
            </p>
          </>
        ) : (
          <>
            <h1 id="legal-title">{page.data.title}</h1>
            <p className="muted legal__updated">
              {t.lastUpdated({ date: numbers.day(page.data.lastUpdated) })}
            </p>
            {/* Sanitized twice (server, then DOMPurify above); never any visitor's text. */}
            <div
              className="legal__content"
              onClick={followInternalLink}
              dangerouslySetInnerHTML={{ __html: html }}
            />
          </>
        )}
      </article>
    </div>
  );
}

export default withQueryClient(LegalPage);
