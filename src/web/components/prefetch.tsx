import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { PrefetchPageLinks } from 'react-router';

/**
 * docs/requirements.md §9: prefetch 250 ms after a link becomes visible; margin 20 px, threshold
 * 0.1.
 */
const PREFETCH_DELAY_MS = 250;
const OBSERVER_OPTIONS: IntersectionObserverInit = { rootMargin: '20px', threshold: 0.1 };

type Request = (path: string) => void;
const PrefetchContext = createContext<Request>(() => {});

/** Renders React Router's prefetch links (page data and code) for the paths asked for. */
export function PrefetchProvider({ children }: { children: ReactNode }) {
  const [paths, setPaths] = useState<string[]>([]);
  const request = useCallback<Request>((path) => {
    setPaths((current) => (current.includes(path) ? current : [...current, path]));
  }, []);
  return (
    <PrefetchContext value={request}>
      {children}
      {paths.map((path) => (
        <PrefetchPageLinks key={path} page={path} crossOrigin="anonymous" />
      ))}
    </PrefetchContext>
  );
}

// One observer for every link on the page.
let observer: IntersectionObserver | null = null;
const watchers = new Map<Element, (visible: boolean) => void>();

function observe(element: Element, onChange: (visible: boolean) => void) {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) watchers.get(entry.target)?.(entry.isIntersecting);
  }, OBSERVER_OPTIONS);
  watchers.set(element, onChange);
  observer.observe(element);
  return () => {
    watchers.delete(element);
    observer?.unobserve(element);
  };
}

/** Prefetching is skipped for visitors who asked to save data or are on a very slow link. */
function prefetchAllowed() {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  return !connection?.saveData && !/2g/.test(connection?.effectiveType ?? '');
}

/**
 * Watches an element (a link) and, 250 ms after it has become visible, asks for its page to be
 * prefetched. Returns an unwatch function.
 */
export function watchForPrefetch(element: Element, path: string, request: Request) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = observe(element, (visible) => {
    clearTimeout(timer);
    if (!visible) return;
    timer = setTimeout(() => {
      stop();
      if (prefetchAllowed()) request(path.split('#')[0]);
    }, PREFETCH_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    stop();
  };
}

export const usePrefetchRequest = () => useContext(PrefetchContext);

/**
 * Prefetches a page the visitor is about to open (its code, and its data if any) unless their
 * connection asks to save data: for a next step reached by a button rather than a link.
 */
export function usePrefetch() {
  const request = usePrefetchRequest();
  return useCallback(
    (path: string) => {
      if (prefetchAllowed()) request(path);
    },
    [request],
  );
}

/** A ref for a link to `path` (null: nothing to prefetch) that prefetches it when seen. */
export function useViewportPrefetch<T extends Element>(path: string | null) {
  const request = usePrefetchRequest();
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!path || !ref.current) return;
    return watchForPrefetch(ref.current, path, request);
  }, [path, request]);
  return ref;
}
