import { type ComponentType, lazy } from 'react';
import { defineKit, type KitComponent } from '../ui/kit/kit.ts';

/** A page whose chunk is fetched when it first renders, or earlier through `preload`. */
export type LazyPage = ComponentType & { preload(): Promise<unknown> };

/**
 * A route's page as a chunk of its own, fetched together with the UI kit components it draws when
 * it opens (both in parallel): it renders once both are there, so none of them shows as a bare tag.
 * Components that appear later (in a dialog opened) may be left out: they are registered on sight
 * (registerKitOnSight).
 */
export function lazyPage(load: () => Promise<ComponentType>, kit: readonly KitComponent[]): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    // A failed fetch is forgotten, so that rendering the page tries again.
    loading ??= Promise.all([load(), defineKit(kit)]).then(
      ([page]) => ({ default: page }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/**
 * A micro-app's `preloadPage(routeName)`: the shell calls it with the route the browser opened, so
 * the page's chunk loads while the session does.
 */
export function pagePreloader(pages: Readonly<Partial<Record<string, ComponentType>>>) {
  return (name: string): void => {
    const page = pages[name] as Partial<LazyPage> | undefined;
    page?.preload?.().catch(() => undefined);
  };
}
