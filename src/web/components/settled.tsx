import { useEffect, useState, type ReactNode } from 'react';

type Shown<T> = { value: T } | { error: unknown };

/**
 * What a route's loader reads without waiting (an unwaited promise), drawn once it has answered:
 * React Router's `<Await>` without Suspense. `pending` shows until the first answer; when the
 * loader reads again (after an action, a log-in), what was drawn stays until the new answer
 * comes, so nothing inside it (a button with the focus) is taken away meanwhile. A promise that
 * fails throws to the route's error boundary, as `<Await>` does (docs/decisions/0043).
 *
 *     <Settled resolve={summary} pending={<Skeleton height={96} />}>
 *       {({ data }) => data && <Needs summary={data} />}
 *     </Settled>
 */
export function Settled<T>({
  resolve,
  pending = null,
  children,
}: {
  resolve: Promise<T>;
  pending?: ReactNode;
  children: (value: T) => ReactNode;
}) {
  const [shown, setShown] = useState<Shown<T> | null>(null);
  useEffect(() => {
    let current = true;
    resolve.then(
      (value) => current && setShown({ value }),
      (error: unknown) => current && setShown({ error }),
    );
    return () => {
      current = false;
    };
  }, [resolve]);
  if (!shown) return pending;
  if ('error' in shown) throw shown.error;
  return children(shown.value);
}
