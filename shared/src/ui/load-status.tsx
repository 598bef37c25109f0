import type { ReactNode } from 'react';
import { Alert, Button } from './components.tsx';
import { Skeleton } from './layout.tsx';
import type { Loaded } from './use-load.ts';

/**
 * What a page shows before its data: a skeleton while it loads, or why it failed with `action`
 * (by default "Try again").
 */
export function LoadStatus({
  loaded,
  lines,
  loading,
  failed,
  action,
}: {
  loaded: Loaded<unknown>;
  lines: number;
  /** The skeleton's label, e.g. "Loading API keys ...". */
  loading: string;
  /** The failure's title. */
  failed: string;
  action?: ReactNode;
}) {
  if (loaded.status === 'loading' && !loaded.data) return <Skeleton lines={lines} label={loading} />;
  if (loaded.status !== 'failed') return null;
  return (
    <Alert type="danger" title={failed}>
      {loaded.error.message}{' '}
      {action ?? (
        <Button variant="text" size="small" onClick={loaded.reload}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
