import { Alert, Button, type Loaded, Skeleton } from '@app/shared';
import type { ReactNode } from 'react';

/**
 * While the account state (company and tours) is reloaded and not known yet: a skeleton, or why it
 * failed with "Try again"; then `children`.
 */
export function AccountStateGate({
  loaded,
  known,
  what,
  loading,
  children,
}: {
  loaded: Loaded<unknown>;
  /** Whether the company is already known (from the shell). */
  known: boolean;
  /** What could not be loaded, e.g. "Your account". */
  what: string;
  /** The skeleton's label. */
  loading: string;
  children: ReactNode;
}) {
  if (loaded.status === 'loading' && !known) return <Skeleton lines={6} label={loading} />;
  if (loaded.status === 'failed' && !known) {
    return (
      <Alert type="danger">
        {what} could not be loaded.{' '}
        <Button variant="text" onClick={loaded.reload}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <>{children}</>;
}
