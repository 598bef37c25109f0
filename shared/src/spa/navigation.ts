import { atom } from 'nanostores';
import { navigateToUrl } from 'single-spa';

/** The current location, updated by the shell on every single-spa route change. */
export const $location = atom({ pathname: '/', search: '' });

/** The §2 route the shell matched for the current location; micro-apps render by its name. */
export interface CurrentRoute {
  name: string;
  title: string;
  params: Record<string, string>;
}

export const $currentRoute = atom<CurrentRoute | null>(null);

export function navigate(to: string): void {
  navigateToUrl(to);
}
