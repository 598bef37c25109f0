/**
 * Fastify's `trustProxy` from TRUST_PROXY: only the listed proxies' X-Forwarded-For (and -Proto,
 * -Host) are believed; without the setting none is, so a visitor cannot pick the address it is
 * counted and rate-limited under.
 */
export const trustedProxies = (proxies: readonly string[] | undefined): string[] | false =>
  proxies && proxies.length > 0 ? [...proxies] : false;
