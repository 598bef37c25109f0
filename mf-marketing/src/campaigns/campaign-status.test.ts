import { describe, expect, it } from 'vitest';
import { campaignListHref, campaignListOf, campaignParamsOf } from './campaign-query.ts';
import { campaignActions, inTeamZone, scheduleOf, shareOf, testAddressesOf } from './campaign-status.ts';

describe('the campaign screens', () => {
  it('read the list from the address, ignoring a status that does not exist', () => {
    const view = campaignListOf('?search=news&status=SENT&page=2&category=7');
    expect(view).toEqual({ page: 2, size: 10, search: 'news', status: 'SENT', category: '7' });
    expect(campaignParamsOf(view)).toEqual({
      page: 2,
      size: 10,
      search: 'news',
      status: 'SENT',
      category: '7',
    });
    expect(campaignListOf('?status=DROP TABLE').status).toBe('');
    expect(campaignListHref({ page: 1, size: 10, search: '', status: '', category: '' })).toBe('/campaign');
    expect(campaignListHref({ page: 1, size: 10, search: '', status: 'DRAFT', category: '3' })).toBe(
      '/campaign?status=DRAFT&category=3',
    );
  });

  it('offer pause only while sending, resume only while paused, and no delete while sending', () => {
    expect(campaignActions('SENDING')).toMatchObject({
      pause: true,
      resume: false,
      cancel: true,
      remove: false,
    });
    expect(campaignActions('PAUSED')).toMatchObject({
      pause: false,
      resume: true,
      cancel: true,
      remove: true,
    });
    expect(campaignActions('SCHEDULED')).toMatchObject({ cancelSchedule: true, follow: true });
    expect(campaignActions('SENT')).toMatchObject({
      pause: false,
      cancel: false,
      remove: true,
      follow: false,
    });
  });

  it('turn a date-time input into the send time and typed test addresses into a list', () => {
    expect(scheduleOf('2026-12-01T09:30')).toBe('2026-12-01 09:30');
    expect(scheduleOf('')).toBeUndefined();
    expect(scheduleOf('2026-12-01T09:30:15')).toBeUndefined();
    expect(testAddressesOf(' me@a.test, you@a.test;me@a.test\nthem@a.test ')).toEqual([
      'me@a.test',
      'you@a.test',
      'them@a.test',
    ]);
  });

  it("show a send time in the team's zone, as it was scheduled", () => {
    expect(inTeamZone('2026-12-01T02:30:00.000Z', '+0700')).toBe('2026-12-01 09:30 (UTC+07:00)');
    expect(inTeamZone('2026-12-01T02:30:00.000Z', '-0330')).toBe('2026-11-30 23:00 (UTC-03:30)');
    expect(inTeamZone('2026-12-01T02:30:00.000Z', 'garbled')).toBe('2026-12-01 02:30 (UTC)');
  });

  it('give a report share with one decimal, and none of nothing', () => {
    expect(shareOf(1, 3)).toBe('(33.3%)');
    expect(shareOf(2, 4)).toBe('(50%)');
    expect(shareOf(0, 0)).toBe('');
  });
});
