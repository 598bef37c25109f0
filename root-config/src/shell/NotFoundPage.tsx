import { logout, navigate } from '@app/shared';
import type { MouseEvent } from 'react';
import { notFoundHeadline, notFoundLinks } from '../routing/shell-texts.ts';

function go(event: MouseEvent<HTMLAnchorElement>, path: string): void {
  event.preventDefault();
  navigate(path);
}

/** §2 not-found and error page: headline per route, home/previous/log-out actions, optional links. */
export function NotFoundPage({
  onErrorRoute,
  support,
  documentation,
  loggedIn,
}: {
  onErrorRoute: boolean;
  support: boolean;
  documentation: boolean;
  loggedIn: boolean;
}) {
  const links = notFoundLinks({ support, documentation });
  return (
    <section className="shell-page app-empty" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{notFoundHeadline(onErrorRoute)}</h1>
      <p className="shell-actions">
        <a className="app-button" href="/analytic" onClick={(event) => go(event, '/analytic')}>
          Back to home page
        </a>
        <button type="button" className="app-button" data-variant="secondary" onClick={() => history.back()}>
          Back to previous page
        </button>
        {loggedIn ? (
          <button
            type="button"
            className="app-button"
            data-variant="secondary"
            onClick={async () => {
              await logout();
              navigate('/login');
            }}
          >
            Log out
          </button>
        ) : null}
      </p>
      {links.length > 0 ? (
        <ul className="shell-links">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
