import { $location, navigate, Page } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { HomeOverview, TourButton } from '../home/HomeOverview.tsx';
import { AnalyticsView } from './AnalyticsView.tsx';
import { filterSetFromQuery, queryOfFilterSet } from './filter-set.ts';
import { SavePresetButton } from './SavePresetButton.tsx';

/**
 * /analytic, where §2 sends a signed-in user: the getting-started checklist, then the sending's
 * analytics. The filters live in the URL query, so a reload or a shared link shows the same view.
 */
export function AnalyticPage() {
  const { search } = useStore($location);
  const set = useMemo(() => filterSetFromQuery(search), [search]);
  // The analytics load at once but show once the checklist above has its height: appearing then,
  // they push nothing down (no layout shift).
  const [checklistSettled, setChecklistSettled] = useState(false);
  return (
    <Page
      title="Analytic"
      description="Your next steps, and how your mail is doing: injections, deliveries and bounces."
      actions={
        <>
          <SavePresetButton set={set} />
          <TourButton />
        </>
      }
    >
      <HomeOverview onSettled={() => setChecklistSettled(true)} />
      <div style={{ display: checklistSettled ? 'contents' : 'none' }}>
        <AnalyticsView set={set} onChange={(next) => navigate(`/analytic?${queryOfFilterSet(next)}`)} />
      </div>
    </Page>
  );
}
