import { useStore } from '@nanostores/react';
import * as React from 'react';
import { type ComponentType, type FunctionComponent, StrictMode, Suspense } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Alert, AreaNotAvailable } from '../ui/components.tsx';
import { $currentRoute } from './navigation.ts';

/** The pages a micro-app renders, by the name of the §2 route the shell matched. */
export type RoutePages = Readonly<Partial<Record<string, ComponentType>>>;

/**
 * The root component of a micro-app: the page of the current route (a lazyPage is fetched the first
 * time its route opens, "Loading ..." meanwhile), or "not available yet" for a route of the app
 * whose screen is not built.
 */
export function routePagesRoot(pages: RoutePages): FunctionComponent {
  return function RoutePage() {
    const route = useStore($currentRoute);
    const Page = route ? pages[route.name] : undefined;
    return (
      <StrictMode>
        {Page ? (
          // A boundary per route: the page left goes at once, not kept hidden while the next loads.
          <Suspense key={route?.name} fallback={<PageLoading />}>
            <Page />
          </Suspense>
        ) : (
          <AreaNotAvailable title={route?.title ?? 'Console'} />
        )}
      </StrictMode>
    );
  };
}

/** While a page's chunk loads: plain text, which needs no UI kit component of its own. */
function PageLoading() {
  return (
    <p className="app-page-loading muted" role="status">
      Loading ...
    </p>
  );
}

/** Each app mounts into its own container inside the shell's main area. */
function shellContainer({ name }: { name: string }): HTMLElement {
  const id = `single-spa-application:${name}`;
  const existing = document.getElementById(id);
  if (existing) return existing;
  const container = document.createElement('div');
  container.id = id;
  (document.getElementById('app-main') ?? document.body).append(container);
  return container;
}

function PageFailed() {
  return <Alert type="danger">This page stopped working. Reload the page to try again.</Alert>;
}

/** The options every micro-app gives single-spa-react besides its root component. */
export const shellReactOptions = {
  React,
  ReactDOMClient,
  domElementGetter: shellContainer,
  errorBoundary: () => <PageFailed />,
};
