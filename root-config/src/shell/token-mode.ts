import { $tokenMode, storeToken } from '@app/shared';

const flagKey = 'tokenMode';

/**
 * Token mode: another application opens the console at /loading-data?token=… with a session token
 * it obtained (§7 sign-in by token). The token is stored, removed from the address bar, and the
 * "You are in the token mode, please be wise" banner stays for this tab until logout.
 */
export function acceptHandedToken(): void {
  $tokenMode.set(sessionStorage.getItem(flagKey) === '1');
  $tokenMode.listen((on) => {
    if (on) sessionStorage.setItem(flagKey, '1');
    else sessionStorage.removeItem(flagKey);
  });
  const query = new URLSearchParams(window.location.search);
  const token = query.get('token');
  if (window.location.pathname !== '/loading-data' || !token) return;
  storeToken(token, 'full');
  $tokenMode.set(true);
  query.delete('token');
  const rest = query.toString();
  window.history.replaceState(null, '', `/loading-data${rest ? `?${rest}` : ''}`);
}
