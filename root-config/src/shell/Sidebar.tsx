import { isFeatureOn } from '@app/contract';
import type { RouteName } from '@app/contract/routes/route-table';
import { matchRoute } from '@app/contract/routes/routes';
import { $company, $consoleFlags, $plan, navigate } from '@app/shared';
import { useStore } from '@nanostores/react';
import { type MouseEvent, useState } from 'react';
import { isOutsideEnvironments, isSandboxAllowed } from '../routing/environments.ts';
import { currentMenuPath, visibleMenu } from './menu.ts';
import { routeOffered } from './navigation-controller.ts';

/** In the sandbox, items that open only in production say so before they are clicked. */
function productionOnly(path: string): boolean {
  const route = matchRoute(path)?.route;
  return route !== undefined && !isOutsideEnvironments(route) && !isSandboxAllowed(route.name as RouteName);
}

function follow(event: MouseEvent<HTMLAnchorElement>, path: string): void {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigate(path);
}

/** §2: the contact-us link shows only when support is enabled (the vendor's setting; the flag in visibleMenu). */
export function Sidebar({ pathname, support }: { pathname: string; support: boolean }) {
  const flags = useStore($consoleFlags);
  const sandbox = useStore($company)?.environment === 'sandbox';
  // Marketing items follow the plan's feature groups: shown again when the plan is read.
  useStore($plan);
  const routeOpen = (path: string) => {
    const route = matchRoute(path)?.route;
    return route !== undefined && routeOffered(route);
  };
  const [closedGroups, setClosedGroups] = useState<Set<string>>(new Set());
  const toggle = (label: string) => {
    const next = new Set(closedGroups);
    if (next.has(label)) next.delete(label);
    else next.add(label);
    setClosedGroups(next);
  };
  const menu = visibleMenu((feature) => isFeatureOn(flags, feature), routeOpen);
  const currentPath = currentMenuPath(menu, pathname);
  return (
    <nav className="shell-sidebar" aria-label="Main menu">
      <ul>
        {menu.map((group) => {
          const expanded = !closedGroups.has(group.label);
          return (
            <li key={group.label}>
              <button
                type="button"
                className="shell-group"
                aria-expanded={expanded}
                onClick={() => toggle(group.label)}
              >
                <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> {group.label}
              </button>
              {expanded ? (
                <ul>
                  {group.items
                    .filter((item) => support || item.path !== '/contact-us')
                    .map((item) => {
                      const current = item.path === currentPath;
                      const locked = sandbox && productionOnly(item.path);
                      return (
                        <li key={item.path}>
                          <a
                            href={item.path}
                            aria-current={current ? 'page' : undefined}
                            onClick={(event) => follow(event, item.path)}
                          >
                            {item.label}
                            {locked ? <span className="shell-production-tag">Production</span> : null}
                          </a>
                        </li>
                      );
                    })}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
