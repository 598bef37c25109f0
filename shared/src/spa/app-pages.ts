import type { RouteApp, RouteNameOf } from '@app/contract';
import type { ComponentType } from 'react';

/**
 * A micro-app's pages, declared once in its entry file: the table says which app renders a route
 * (the shell must know before it loads the app), the app alone says with which page. A page keyed
 * by a route the table gives to another app does not type-check; a route without a page yet says
 * "not available yet".
 */
export type AppPages<App extends Exclude<RouteApp, 'shell'>> = Partial<
  Record<RouteNameOf<App>, ComponentType>
>;
