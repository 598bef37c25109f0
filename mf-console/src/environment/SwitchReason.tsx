import { Alert } from '@app/shared';
import type { ReactNode } from 'react';
import type { switchTarget } from './targets.ts';

/**
 * Why the user is on a switch page: the page the guard turned away (part of the other environment),
 * or, when they came on their own, which environment they are in.
 */
export function SwitchReason({
  target,
  environment,
  switchText,
  hereTitle,
  children,
}: {
  target: ReturnType<typeof switchTarget>;
  /** The environment the page switches to, as in "part of the ... environment". */
  environment: string;
  /** What to do to open the target page. */
  switchText: string;
  /** Where the user is, e.g. "You are in production.". */
  hereTitle: string;
  /** What that means, when they came on their own. */
  children: ReactNode;
}) {
  return target ? (
    <Alert type="info" title={`${target.title ?? 'This page'} is part of the ${environment} environment.`}>
      {switchText}
    </Alert>
  ) : (
    <Alert type="info" title={hereTitle}>
      {children}
    </Alert>
  );
}
