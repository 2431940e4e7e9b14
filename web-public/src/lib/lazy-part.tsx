// The lazily loaded parts of the app (routes, the calculating screen, the bridge, the results, the
// toaster, the storage-choice banner, the form's validation module) and what happens when their code
// does not arrive. A flaky network gets one more try; a tab left open across a release, whose chunk
// names no longer exist, reloads itself once to the new build (the form is kept in the local session);
// anything else fails visibly, through the caller (the calculation toast, or a boundary's fallback).
import { Component, lazy, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/** Long enough for a dropped connection to come back, short enough to feel like one wait. */
const RETRY_DELAY_MS = 500;
/** The build this tab reloaded for: a second failure on the same build is not reloaded again. */
const RELOADED_FOR_KEY = 'bm_reloaded_for_build';

const entryScript = (html: string) => /<script\b[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];

let newBuildCheck: Promise<boolean> | undefined;

/**
 * True (and the page reloading) when the server now serves another build than the one running here,
 * told by index.html's entry script; at most once per build and tab.
 */
export function reloadIfNewBuild(): Promise<boolean> {
  newBuildCheck ??= (async () => {
    const running = entryScript(document.head.innerHTML);
    const response = await fetch('/', { cache: 'no-store', credentials: 'same-origin' });
    const deployed = response.ok ? entryScript(await response.text()) : undefined;
    if (!running || !deployed || deployed === running) return false;
    if (sessionStorage.getItem(RELOADED_FOR_KEY) === deployed) return false;
    sessionStorage.setItem(RELOADED_FOR_KEY, deployed);
    location.reload();
    return true;
  })()
    .catch(() => false)
    .finally(() => {
      newBuildCheck = undefined;
    });
  return newBuildCheck;
}

/** Vite's signal that a chunk (or a chunk it needs) failed to load: the first sign of a stale tab. */
export function reloadOnStaleBuild(): void {
  window.addEventListener('vite:preloadError', () => void reloadIfNewBuild());
}

/** Loads, and on failure loads once more (unless the tab is reloading into a new build). */
export function retryOnce<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(async () => {
    if (await reloadIfNewBuild()) return new Promise<T>(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return load();
  });
}

/** A memoized `retryOnce(load)`; a failure is forgotten so the next call tries the network again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= retryOnce(load).catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

export type LazyPart<P> = ComponentType<P> & {
  /** Fetches the code ahead of need; rejects when it cannot be loaded. */
  preload: () => Promise<void>;
};

/**
 * Like React.lazy, with one retry, a preload, and no fallback at all once the code is here: a part
 * fetched ahead of need renders at once, without React's suspense placeholder (which otherwise stays up
 * for ~300 ms even when the code is already loaded).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props inferred below
export function lazyPart<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): LazyPart<ComponentProps<C>> {
  type P = ComponentProps<C>;
  let loaded: ComponentType<P> | undefined;
  const get = loadOnce(() => load().then((module) => (loaded = module.default as ComponentType<P>)));
  // A failed React.lazy stays failed, which is what lets the error boundary show: replacing it at once
  // would make React's re-render start a new load, and fail, and so on. The next explicit preload (the
  // visitor submitting again) makes a new one.
  let failed = false;
  const makeLazy = () =>
    lazy(() =>
      get().then(
        (part) => ({ default: part }),
        (error: unknown) => {
          failed = true;
          throw error;
        },
      ),
    );
  let Lazy = makeLazy();
  const preload = () => {
    if (failed) {
      failed = false;
      Lazy = makeLazy();
    }
    return get().then(() => undefined);
  };
  function Part(props: P) {
    const Loaded = loaded ?? (Lazy as ComponentType<P>);
    return <Loaded {...props} />;
  }
  return Object.assign(Part, { preload });
}

interface LoadBoundaryProps {
  /** Shown instead of a part that could not be loaded. */
  fallback: ReactNode;
  onError?: (error: unknown) => void;
  children: ReactNode;
}

/** Catches a part that failed to load, so the rest of the page keeps working. */
export class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
