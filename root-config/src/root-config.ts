import { matchRoute } from '@app/contract/routes/routes';
import {
  $currentRoute,
  $isLoggedIn,
  $location,
  clearSessionState,
  defineKit,
  getVendorConfig,
  installUiKit,
  isStorageUsable,
  onForcedLogout,
  pageTitle,
  registerRouteLookup,
  runtimeConfig,
  shellKit,
} from '@app/shared';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { addErrorHandler, getAppStatus, LOAD_ERROR, registerApplication, start } from 'single-spa';
import { chunkReloadDecision } from './routing/shell-texts.ts';
import { watchHealth } from './shell/health.ts';
import { applyDecision, isActive, showAreas } from './shell/navigation-controller.ts';
import { detectPrivateBrowsing } from './shell/private-browsing.ts';
import { Shell } from './shell/Shell.tsx';
import { acceptHandedToken } from './shell/token-mode.ts';
import { showUnsupportedBrowser } from './shell/unsupported-browser.ts';
import { $view } from './shell/view.ts';

declare const System: { import(name: string): Promise<unknown> };

const microApps = ['@app/mf-account', '@app/mf-console', '@app/mf-marketing'] as const;
const chunkReloadKey = 'chunkReloaded';

/**
 * Starts fetching the micro-app and the page of the address the browser opened, so that they load
 * while the shell starts and the session loads, instead of after. Only when the page is likely to be
 * shown: a protected page with a signed-in session, a guest page without one. A failure is left to
 * single-spa, which loads the app again when it mounts it.
 */
function prefetchOpenedPage(): void {
  const route = matchRoute(window.location.pathname)?.route;
  if (!route || route.app === 'shell' || route.redirect) return;
  const signedIn = $isLoggedIn.get();
  if ((route.access === 'protected' && !signedIn) || (route.access === 'guest' && signedIn)) return;
  System.import(route.app)
    .then((app) => (app as { preloadPage?: (name: string) => void }).preloadPage?.(route.name))
    .catch(() => undefined);
}

async function boot(): Promise<void> {
  if (!isStorageUsable()) {
    showUnsupportedBrowser();
    return;
  }
  prefetchOpenedPage();
  // The shell's kit components load while it sets up; the shell renders once they are defined.
  const kit = defineKit(shellKit);
  const config = runtimeConfig();
  const vendor = getVendorConfig(config.vendor, config.variant);
  installUiKit(vendor);
  showAreas(vendor.features);

  onForcedLogout((redirect) => {
    clearSessionState();
    window.history.replaceState(null, '', redirect ?? '/login');
  });

  // Apps name other screens (the switch pages' "<area> is part of ...") from the shell's route table.
  registerRouteLookup((pathname) => {
    const route = matchRoute(pathname)?.route;
    return route ? { name: route.name, title: route.title } : null;
  });
  acceptHandedToken();
  // Registering an app starts loading it: its load errors must reach the handler below, after start().
  const [privateBrowsing] = await Promise.all([detectPrivateBrowsing(), kit]);
  for (const name of microApps) {
    registerApplication({
      name,
      app: () => System.import(name) as never,
      activeWhen: (location) => isActive(name, location),
    });
  }

  window.addEventListener('single-spa:before-routing-event', () => {
    $location.set({ pathname: window.location.pathname, search: window.location.search });
    applyDecision(vendor.skipUsageCall);
    const match = matchRoute(window.location.pathname);
    const route = match?.route;
    $currentRoute.set(route ? { name: route.name, title: route.title, params: match.params } : null);
    document.title = pageTitle(vendor, route?.title ?? 'Page not available');
  });
  // The reload-once flag is cleared only when an app really mounted, so a broken chunk cannot loop.
  window.addEventListener('single-spa:app-change', (event) => {
    const mounted = (event as CustomEvent<{ appsByNewStatus: { MOUNTED: string[] } }>).detail.appsByNewStatus
      .MOUNTED;
    if (mounted.length > 0) sessionStorage.removeItem(chunkReloadKey);
  });

  addErrorHandler((error) => {
    console.error('Routing error occurred', error);
    if (getAppStatus(error.appOrParcelName) === LOAD_ERROR) {
      const reloaded = sessionStorage.getItem(chunkReloadKey) === '1';
      if (chunkReloadDecision(reloaded) === 'reload') {
        sessionStorage.setItem(chunkReloadKey, '1');
        window.location.reload();
        return;
      }
    }
    $view.set({ kind: 'routing-error' });
  });

  watchHealth();
  const shellRoot = document.getElementById('app-shell');
  if (shellRoot) {
    createRoot(shellRoot).render(
      createElement(Shell, {
        brand: vendor.brand,
        support: vendor.support.contactUs,
        documentation: vendor.support.documentation,
        privateBrowsing,
      }),
    );
  }
  start({ urlRerouteOnly: true });
}

void boot();
