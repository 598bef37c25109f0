import { type PageIntegrations, type PixelKey, pixelKeys } from '@app/contract/marketing/page-domains';

const vendorNames: Record<PixelKey, string> = {
  ga: 'Google Analytics',
  gtm: 'Google Tag Manager',
  fbPixel: 'Meta Pixel',
  linkedin: 'LinkedIn Insight',
  twPixel: 'X (Twitter)',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  crispChat: 'Crisp',
};
/** Where a visitor's answer is kept, per sites origin or domain: asked once, not on every page. */
const consentKey = 'pixels-consent';

/**
 * The script a hosted page loads from its own origin to start the company's pixels (and Crisp's
 * chat): each vendor's queue set up as its own script expects, then that script loaded from the
 * vendor. No inline script is needed, so the page's policy stays strict. The ids are checked by the
 * contract (letters, digits and hyphens only) and written as JSON. With `askConsent`, a banner asks
 * the visitor first and nothing of the vendors loads until they accept; the answer is kept in the
 * browser for this site.
 */
export function pixelLoader(pixels: PageIntegrations): string {
  const ids = Object.fromEntries(pixelKeys.map((key) => [key, pixels[key]]));
  return loaderScript(ids, pixels.askConsent, consentQuestion(pixels));
}

/** The banner's question: whose cookies, and what for (the pixels measure, Crisp chats). */
function consentQuestion(pixels: PageIntegrations): string {
  const measuring = pixelKeys
    .filter((key) => key !== 'crispChat' && pixels[key])
    .map((key) => vendorNames[key]);
  const purposes = [
    ...(measuring.length > 0 ? [`of ${measuring.join(', ')} to measure visits and advertising`] : []),
    ...(pixels.crispChat ? [`of ${vendorNames.crispChat} for its chat`] : []),
  ];
  return `This site uses cookies ${purposes.join(', and ')}. Do you accept them?`;
}

function loaderScript(ids: Record<string, string | null>, askConsent: boolean, question: string): string {
  return `(function (ids, ask, question) {
  var w = window, d = document, key = ${JSON.stringify(consentKey)};
  function stored() { try { return w.localStorage.getItem(key); } catch (e) { return null; } }
  function store(answer) { try { w.localStorage.setItem(key, answer); } catch (e) { /* private mode: asked again */ } }
  if (!ask) return start();
  var answer = stored();
  if (answer === 'yes') return start();
  if (answer === 'no') return;
  function banner() {
    var box = d.createElement('section');
    box.setAttribute('aria-label', 'Cookies');
    box.style.cssText = 'position:fixed;left:12px;right:12px;bottom:12px;z-index:2147483647;max-width:640px;margin:0 auto;background:#111827;color:#fff;padding:16px;border-radius:8px;font:15px/1.5 system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.3)';
    var text = d.createElement('p');
    text.style.margin = '0 0 12px';
    text.textContent = question;
    box.appendChild(text);
    function button(label, primary, value) {
      var b = d.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.style.cssText = 'margin-right:8px;padding:8px 16px;border-radius:6px;font:inherit;cursor:pointer;border:1px solid #fff;' + (primary ? 'background:#fff;color:#111827' : 'background:transparent;color:#fff');
      b.addEventListener('click', function () { store(value); box.remove(); if (value === 'yes') start(); });
      box.appendChild(b);
    }
    button('Accept', true, 'yes');
    button('Decline', false, 'no');
    d.body.appendChild(box);
  }
  if (d.body) banner(); else d.addEventListener('DOMContentLoaded', banner);
  function start() {
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
    if (ids.twPixel && !w.twq) {
      var twq = w.twq = function () { twq.exe ? twq.exe.apply(twq, arguments) : twq.queue.push(arguments); };
      twq.version = '1.1'; twq.queue = [];
      load('https://static.ads-twitter.com/uwt.js');
      twq('config', ids.twPixel);
    }
    if (ids.tiktok && !w.ttq) {
      // TikTok's queue: each method records its call until events.js replays them.
      var ttq = w.ttq = [];
      w.TiktokAnalyticsObject = 'ttq';
      ['page', 'track', 'identify', 'instances', 'debug', 'on', 'off', 'once', 'ready', 'alias', 'group', 'enableCookie', 'disableCookie'].forEach(function (name) {
        ttq[name] = function () { ttq.push([name].concat(Array.prototype.slice.call(arguments))); };
      });
      var events = 'https://analytics.tiktok.com/i18n/pixel/events.js';
      ttq._i = {}; ttq._i[ids.tiktok] = []; ttq._i[ids.tiktok]._u = events;
      ttq._t = {}; ttq._t[ids.tiktok] = Date.now(); ttq._o = {}; ttq._o[ids.tiktok] = {};
      load(events + '?sdkid=' + encodeURIComponent(ids.tiktok) + '&lib=ttq');
      ttq.page();
    }
    if (ids.snapchat && !w.snaptr) {
      var snaptr = w.snaptr = function () { snaptr.handleRequest ? snaptr.handleRequest.apply(snaptr, arguments) : snaptr.queue.push(arguments); };
      snaptr.queue = [];
      load('https://sc-static.net/scevent.min.js');
      snaptr('init', ids.snapchat);
      snaptr('track', 'PAGE_VIEW');
    }
    if (ids.crispChat && !w.$crisp) {
      w.$crisp = [];
      w.CRISP_WEBSITE_ID = ids.crispChat;
      load('https://client.crisp.chat/l.js');
    }
  }
})(${JSON.stringify(ids)}, ${JSON.stringify(askConsent)}, ${JSON.stringify(question)});
`;
}
