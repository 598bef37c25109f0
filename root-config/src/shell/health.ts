import { $connected, $token, clearSessionState, pingServer } from '@app/shared';
import { healthCheckOutcome, shouldRunHealthCheck } from '../routing/shell-texts.ts';

let lastRunAt: number | null = null;

async function runHealthCheck(): Promise<void> {
  const result = await pingServer();
  const outcome = healthCheckOutcome(
    result.ok ? { ok: true, alive: result.alive } : { ok: false, code: result.code, message: result.message },
  );
  if (outcome.connected !== undefined) $connected.set(outcome.connected);
  if (outcome.logout) {
    clearSessionState();
    window.history.replaceState(null, '', '/login');
  }
}

/** §4: the health check runs at most once per 60 s, when the pointer enters the app. */
export function watchHealth(): void {
  document.documentElement.addEventListener('pointerenter', () => {
    if (!$token.get()) return;
    const now = Date.now();
    if (!shouldRunHealthCheck(lastRunAt, now)) return;
    lastRunAt = now;
    void runHealthCheck();
  });
}
