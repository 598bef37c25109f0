import { describe, expect, it } from 'vitest';
import { type EngagementRequest, machineReason } from './machine-detection.ts';

const deliveredAt = new Date('2026-05-01T09:00:00Z');
const minuteLater = new Date('2026-05-01T09:01:00Z');
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const appleMail = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)';

const request = (overrides: Partial<EngagementRequest>): EngagementRequest => ({
  engagement: 'open',
  method: 'GET',
  userAgent: chrome,
  ip: '198.51.100.7',
  at: minuteLater,
  deliveredAt,
  ...overrides,
});

describe('machine-made opens and clicks', () => {
  it('takes a browser or mail client a minute after delivery for a person', () => {
    expect(machineReason(request({}))).toBeUndefined();
    expect(machineReason(request({ userAgent: appleMail }))).toBeUndefined();
    expect(machineReason(request({ engagement: 'click' }))).toBeUndefined();
  });

  it("flags Apple Mail Privacy Protection: the bare Mozilla/5.0 agent, or an open from Apple's 17/8", () => {
    expect(machineReason(request({ userAgent: 'Mozilla/5.0' }))).toBe('apple_privacy_proxy');
    expect(machineReason(request({ userAgent: appleMail, ip: '17.58.63.10' }))).toBe('apple_privacy_proxy');
    expect(machineReason(request({ userAgent: appleMail, ip: '::ffff:17.58.63.10' }))).toBe(
      'apple_privacy_proxy',
    );
    // A person at Apple clicking a link is a person.
    expect(machineReason(request({ engagement: 'click', ip: '17.58.63.10' }))).toBeUndefined();
    expect(machineReason(request({ ip: '171.58.63.10' }))).toBeUndefined();
  });

  it("counts Gmail's and Yahoo's image proxies as real opens: they fetch when the person opens", () => {
    const gmail = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
    expect(machineReason(request({ userAgent: gmail }))).toBeUndefined();
    expect(
      machineReason(
        request({ userAgent: 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html' }),
      ),
    ).toBeUndefined();
  });

  it('flags security scanners and link checkers by their user agent, and requests with none', () => {
    for (const userAgent of ['Barracuda Sentinel (EE)', 'python-requests/2.31', 'curl/8.5.0', '']) {
      expect(machineReason(request({ engagement: 'click', userAgent }))).toBe('scanner');
    }
  });

  it('flags HEAD requests and clicks within seconds of delivery', () => {
    expect(machineReason(request({ method: 'HEAD' }))).toBe('head_request');
    const fast = new Date(deliveredAt.getTime() + 2_000);
    expect(machineReason(request({ engagement: 'click', at: fast }))).toBe('fast_click');
    // An open that soon is a person reading at once (MPP is told by its agent and address).
    expect(machineReason(request({ at: fast }))).toBeUndefined();
  });
});
