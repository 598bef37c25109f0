import { describe, expect, it } from 'vitest';
import { $company, $plan, $quota, $team, $tours, $user } from '../stores/account.ts';
import { $tokenMode } from '../stores/connection.ts';
import { $notifications, notify } from '../stores/notifications.ts';
import { $sessionLoaded, $token, $tokenStage, storeToken } from '../stores/session.ts';
import { $toasts, showToast } from '../stores/toasts.ts';
import { clearSessionState } from './session.ts';

describe('clearSessionState (§4 logout)', () => {
  it('clears tokens, user, company, quota, plan, tour flags and shared UI state', () => {
    storeToken('token-value', '2fa');
    $sessionLoaded.set(true);
    $user.set({ email: 'a@b.c' } as never);
    $company.set({ id: 'c1' } as never);
    $plan.set({ plan: 'FREE' } as never);
    $quota.set({ email: { quota: 3000 } } as never);
    $tours.set({ productionWelcome: true });
    $tokenMode.set(true);
    showToast({ type: 'info', message: 'hello' });
    notify('note', () => setTimeout(() => {}, 0));

    clearSessionState();

    expect($token.get()).toBeNull();
    expect($tokenStage.get()).toBeNull();
    expect($sessionLoaded.get()).toBe(false);
    expect($user.get()).toBeNull();
    expect($company.get()).toBeNull();
    expect($plan.get()).toBeNull();
    expect($quota.get()).toEqual({});
    expect($tours.get()).toEqual({});
    expect($tokenMode.get()).toBe(false);
    expect($toasts.get()).toEqual([]);
    expect($notifications.get()).toEqual([]);
  });
});

describe('$team', () => {
  it('derives the team timezone offset from the company timezone text', () => {
    $company.set({
      id: 'c1',
      name: 'Acme',
      timezone: '(UTC+05:30) Chennai',
      country: 'IN',
      language: 'en',
      role: 'ADMIN',
    } as never);
    expect($team.get()).toMatchObject({ companyId: 'c1', timezoneOffset: '+0530', role: 'ADMIN' });
    $company.set(null);
    expect($team.get()).toBeNull();
  });
});
