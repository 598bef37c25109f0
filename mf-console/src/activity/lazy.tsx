import { Skeleton } from '@app/shared';
import { lazy, Suspense } from 'react';

// Production Activity is its own chunk (with TanStack Virtual): the console's first load and the
// sandbox inbox never fetch it.
const LazyActivity = lazy(() =>
  import('./ProductionActivity.tsx').then((module) => ({ default: module.ProductionActivity })),
);
const LazyMessage = lazy(() =>
  import('./MessageActivity.tsx').then((module) => ({ default: module.MessageActivity })),
);

/** /activity in production. */
export function ProductionActivityPage() {
  return (
    <Suspense fallback={<Skeleton lines={6} label="Loading Activity ..." />}>
      <LazyActivity />
    </Suspense>
  );
}

/** /activity/{id} in production. */
export function ProductionMessagePage({ id }: { id: string }) {
  return (
    <Suspense fallback={<Skeleton lines={6} label="Loading the message ..." />}>
      <LazyMessage id={id} />
    </Suspense>
  );
}
