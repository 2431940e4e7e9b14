// The page frame (header, main, footer) and the routes of spec §2. Only the home route is in the first
// download; the contact and policy pages, the bridge and results (inside the home flow) and the toaster
// are loaded when needed.
import { Suspense, useEffect, useRef } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import HomePage from './home/HomePage';
import { PageLoading } from './layout/PageLoading';
import { SiteHeader } from './layout/SiteHeader';
import { isPolicySlug } from './legal/policies';
import { lazyPart, LoadBoundary } from './lib/lazy-part';
import { StorageChoiceSlot } from './privacy/StorageChoiceSlot';
import { frameTexts } from './texts/frame';
import { useTexts } from './texts/i18n';
import { trackRouteView } from './tracking/track';

const ContactPage = lazyPart(() => import('./contact/ContactPage'));
const NotFound = lazyPart(() => import('./layout/NotFound').then((m) => ({ default: m.NotFound })));
const LegalPage = lazyPart(() => import('./legal/LegalPage'));
const Toaster = lazyPart(() => import('./toast/Toaster'));
// Below the content of every page: not in the first download, and nothing under it moves when it arrives.
const SiteFooter = lazyPart(() => import('./layout/SiteFooter'));

/** A page whose code did not arrive even on the second try (the header and footer still work). */
function PageUnavailable() {
  const t = useTexts(frameTexts);
  return (
    <section className="page page--narrow" role="alert">
      <h1>{t.pageUnavailableTitle}</h1>
      <p>{t.pageUnavailableHint}</p>
    </section>
  );
}

export default function App() {
  const [location] = useLocation();
  const firstView = useRef(true);
  const t = useTexts(frameTexts);

  useEffect(() => {
    trackRouteView(location);
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    // A route change in a single-page app is silent for screen readers: start the new page at the top
    // and put focus on its main region, as a full page load would.
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);

  return (
    <>
      <a href="#main" className="skip-link">
        {t.skipLink}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <LoadBoundary key={location} fallback={<PageUnavailable />}>
          <Suspense fallback={<PageLoading />}>
            <Switch>
              <Route path="/" component={HomePage} />
              <Route path="/legal/contact" component={ContactPage} />
              <Route path="/legal/:slug">
                {(params: { slug: string }) =>
                  isPolicySlug(params.slug) ? (
                    <LegalPage key={params.slug} slug={params.slug} />
                  ) : (
                    <NotFound />
                  )
                }
              </Route>
              <Route component={NotFound} />
            </Switch>
          </Suspense>
        </LoadBoundary>
      </main>
      <LoadBoundary fallback={null}>
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      </LoadBoundary>
      <StorageChoiceSlot />
      <LoadBoundary fallback={null}>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </LoadBoundary>
    </>
  );
}
