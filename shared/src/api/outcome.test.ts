import { afterEach, describe, expect, it, vi } from 'vitest';
import { $multipleLogin, clearMultipleLogin } from '../stores/multiple-login.ts';
import { $notifications, clearNotifications } from '../stores/notifications.ts';
import { $toasts, clearToasts } from '../stores/toasts.ts';
import { dispatchOutcome, onForcedLogout } from './outcome.ts';

describe('dispatchOutcome', () => {
  afterEach(() => {
    clearToasts();
    clearNotifications();
    clearMultipleLogin();
    onForcedLogout(() => {});
  });

  it('shows errors as warning notices, once per message', () => {
    dispatchOutcome({ kind: 'toast', level: 'warning', title: 'Quota', message: 'Quota exceeded' });
    dispatchOutcome({ kind: 'toast', level: 'warning', title: 'Quota', message: 'Quota exceeded' });
    expect($notifications.get().map((item) => item.message)).toEqual(['Quota exceeded']);
    expect($toasts.get()).toEqual([]);
  });

  it('shows an informative note (export started) as a toast', () => {
    dispatchOutcome({
      kind: 'toast',
      level: 'info',
      title: 'Export',
      message: 'Your export is being prepared',
    });
    expect($toasts.get()).toMatchObject([
      { type: 'info', title: 'Export', message: 'Your export is being prepared' },
    ]);
  });

  it('reports the network being offline', () => {
    dispatchOutcome({ kind: 'offline', message: 'You are offline' });
    expect($notifications.get()[0]?.message).toBe('You are offline');
  });

  it('logs out through the handler the shell registered, with the redirect', () => {
    const logout = vi.fn();
    onForcedLogout(logout);
    dispatchOutcome({ kind: 'logout', message: 'Session expired, please login again', redirect: '/login' });
    expect(logout).toHaveBeenCalledWith('/login');
    expect($notifications.get()[0]?.message).toBe('Session expired, please login again');
  });

  it('raises the multiple-login flag and ends the session on forceOut', () => {
    const logout = vi.fn();
    onForcedLogout(logout);
    dispatchOutcome({ kind: 'multipleLogin', flag: 'multipleLogin', message: 'Signed in elsewhere' });
    expect($multipleLogin.get()).toEqual({ multipleLogin: true, denied: false, ended: false });
    expect(logout).not.toHaveBeenCalled();
    dispatchOutcome({ kind: 'multipleLogin', flag: 'ended', message: 'Ended' });
    expect($multipleLogin.get().ended).toBe(true);
    expect(logout).toHaveBeenCalledWith('/login');
  });

  it('does nothing visible for a silent outcome', () => {
    dispatchOutcome({ kind: 'silent', reason: 'timeout' });
    expect($toasts.get()).toEqual([]);
  });
});
