import type { PageIntegrations } from '@app/contract/marketing/page-domains';

/**
 * The script a hosted page loads from its own origin to start the company's pixels: each vendor's
 * queue set up as its own script expects, then that script loaded from the vendor. No inline script
 * is needed, so the page's policy stays strict. The ids are checked by the contract (digits and
 * letters only) and written as JSON.
 */
export function pixelLoader(pixels: PageIntegrations): string {
  return `(function (ids) {
  var w = window, d = document;
  function load(src) { var s = d.createElement('script'); s.async = true; s.src = src; d.head.appendChild(s); }
  if (ids.ga || ids.gtm) w.dataLayer = w.dataLayer || [];
  if (ids.ga) {
    w.gtag = function () { w.dataLayer.push(arguments); };
    w.gtag('js', new Date());
    w.gtag('config', ids.ga);
    load('https://www.googletagmanager.com/gtag/js?id=' + encodeURIComponent(ids.ga));
  }
  if (ids.gtm) {
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    load('https://www.googletagmanager.com/gtm.js?id=' + encodeURIComponent(ids.gtm));
  }
  if (ids.fbPixel && !w.fbq) {
    var fbq = function () { fbq.callMethod ? fbq.callMethod.apply(fbq, arguments) : fbq.queue.push(arguments); };
    fbq.push = fbq; fbq.loaded = true; fbq.version = '2.0'; fbq.queue = [];
    w.fbq = w._fbq = fbq;
    load('https://connect.facebook.net/en_US/fbevents.js');
    fbq('init', ids.fbPixel);
    fbq('track', 'PageView');
  }
  if (ids.linkedin) {
    w._linkedin_data_partner_ids = (w._linkedin_data_partner_ids || []).concat([ids.linkedin]);
    load('https://snap.licdn.com/li.lms-analytics/insight.min.js');
  }
})(${JSON.stringify(pixels)});
`;
}
