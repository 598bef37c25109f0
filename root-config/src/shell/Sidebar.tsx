import { navigate } from '@app/shared';
import { type MouseEvent, useState } from 'react';
import { consoleMenu } from './menu.ts';

function follow(event: MouseEvent<HTMLAnchorElement>, path: string): void {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigate(path);
}

export function Sidebar({ pathname }: { pathname: string }) {
  const [closedGroups, setClosedGroups] = useState<Set<string>>(new Set());
  const toggle = (label: string) => {
    const next = new Set(closedGroups);
    if (next.has(label)) next.delete(label);
    else next.add(label);
    setClosedGroups(next);
  };
  return (
    <nav className="shell-sidebar" aria-label="Main menu">
      <ul>
        {consoleMenu.map((group) => {
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
                  {group.items.map((item) => {
                    const current = pathname === item.path || pathname.startsWith(`${item.path}/`);
                    return (
                      <li key={item.path}>
                        <a
                          href={item.path}
                          aria-current={current ? 'page' : undefined}
                          onClick={(event) => follow(event, item.path)}
                        >
                          {item.label}
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
