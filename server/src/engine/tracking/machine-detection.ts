/**
 * Which opens and clicks a machine made rather than a person. They are still recorded (SparkPost
 * counts every open and click) but carry `prefetched: true`, so metrics can count people apart.
 *
 * - Apple Mail Privacy Protection loads every image of every message through Apple's proxies as it
 *   arrives, read or not: the proxy's user agent is exactly `Mozilla/5.0` (no platform, no engine),
 *   and it fetches from Apple's 17.0.0.0/8. An open from 17/8 is a proxy fetch; a click from there
 *   is still a person at Apple, so only the user agent counts for clicks.
 * - Gmail's GoogleImageProxy and Yahoo's YahooMailProxy are NOT machines: they fetch an image when
 *   the person opens the message (and cache it after), so their opens are real opens.
 * - Security scanners and link checkers (Barracuda, Mimecast, Proofpoint, curl, python-requests...)
 *   are known by their user agent: the `isbot` package's maintained list. No user agent at all is
 *   no mail client either.
 * - A HEAD request only checks that the URL answers: no one reads or clicks with HEAD.
 * - A click within a few seconds of delivery is a scanner following every link on arrival.
 */
import { isbot } from 'isbot';

/** Clicks this soon after the message was delivered (or injected, until it is) are a scanner's. */
export const FAST_CLICK_MS = 5_000;

export interface EngagementRequest {
  engagement: 'open' | 'initial_open' | 'click';
  method: string;
  userAgent: string;
  ip: string;
  at: Date;
  /** When the message was delivered, or injected while it is not yet. */
  deliveredAt: Date;
}

export type MachineReason = 'head_request' | 'apple_privacy_proxy' | 'scanner' | 'fast_click';

const mailImageProxy = /GoogleImageProxy|YahooMailProxy/i;

/** Whether `ip` (IPv4, or IPv4-mapped IPv6) is in Apple's 17.0.0.0/8. */
function isAppleAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return /^17\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Why the request is a machine's, or undefined for a person (as far as can be told). */
export function machineReason(request: EngagementRequest): MachineReason | undefined {
  if (request.method === 'HEAD') return 'head_request';
  const userAgent = request.userAgent.trim();
  const isOpen = request.engagement !== 'click';
  if (userAgent === 'Mozilla/5.0') return 'apple_privacy_proxy';
  if (isOpen && isAppleAddress(request.ip)) return 'apple_privacy_proxy';
  if (isOpen && mailImageProxy.test(userAgent)) return undefined;
  if (userAgent === '' || isbot(userAgent)) return 'scanner';
  if (!isOpen && request.at.getTime() - request.deliveredAt.getTime() < FAST_CLICK_MS) return 'fast_click';
  return undefined;
}
