import { AppLink } from '@app/shared';
import { domainFeature } from './flags.ts';

const areas = [
  { to: '/domain/sending', label: 'Sending domains', kind: 'sendingDomain' },
  { to: '/domain/bounce', label: 'Bounce domains', kind: 'bounceDomain' },
  { to: '/domain/tracking', label: 'Tracking domains', kind: 'trackingDomain' },
] as const;

/** Links between the three domain lists; the current one is marked for assistive technology. */
export function DomainNav({
  current,
}: {
  current: '/domain/sending' | '/domain/bounce' | '/domain/tracking';
}) {
  return (
    <nav
      aria-label="Domain types"
      style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 20px', margin: '0 0 16px' }}
    >
      {areas
        .filter((area) => domainFeature(area.kind, 'detail') || area.to === current)
        .map((area) =>
          area.to === current ? (
            <strong key={area.to} aria-current="page">
              {area.label}
            </strong>
          ) : (
            <AppLink key={area.to} to={area.to}>
              {area.label}
            </AppLink>
          ),
        )}
    </nav>
  );
}

/** The route's `:id`: the domain name. */
export const domainParam = (id: string | undefined) => {
  try {
    return decodeURIComponent(id ?? '').toLowerCase();
  } catch {
    return (id ?? '').toLowerCase();
  }
};
