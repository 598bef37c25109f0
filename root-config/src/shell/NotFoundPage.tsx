import { Button, LinkButton, navigate } from '@app/shared';
import type { MouseEvent } from 'react';
import { errorPageActions, notFoundHeadline, notFoundLinks } from '../routing/shell-texts.ts';

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
        {errorPageActions.map((action) => {
          if (action.kind === 'back') {
            return (
              <Button key={action.kind} variant="secondary" onClick={() => history.back()}>
                {action.label}
              </Button>
            );
          }
          if (action.kind === 'logout' && !loggedIn) return null;
          return (
            <LinkButton
              key={action.kind}
              to={action.to}
              variant={action.kind === 'home' ? 'primary' : 'secondary'}
            >
              {action.label}
            </LinkButton>
          );
        })}
      </p>
      {links.length > 0 ? (
        <ul className="shell-links">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} onClick={link.external ? undefined : (event) => go(event, link.href)}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
