import {
  $location,
  Button,
  EmptyState,
  LoadStatus,
  navigate,
  Page,
  Panel,
  RoleLockedButton,
  roleAllows,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Pager } from '../lists/Pager.tsx';
import { AddSenderForm, type SenderPrefill } from './AddSenderForm.tsx';
import { senderApi } from './api.ts';
import { SenderDomainsNote } from './SenderDomainsNote.tsx';
import { SenderFilters } from './SenderFilters.tsx';
import { SenderTable } from './SenderTable.tsx';
import {
  listParamsOf,
  pageAfterEnd,
  type SenderListView,
  senderListHref,
  senderListOf,
} from './sender-query.ts';

/**
 * /sender (§7 /senders): the From addresses of the company's marketing mail. A sender is added
 * with a confirmation link mailed to it and can be used once the link is followed; one validated
 * sender is the default. The list (search, status, page) lives in the address.
 */
export function SenderPage() {
  const api = senderApi();
  const view = senderListOf(useStore($location).search);
  const { page, size, search, status } = view;
  const list = useLoad(
    () => api.list(listParamsOf({ page, size, search, status })),
    [api, page, size, search, status],
  );
  const domains = useLoad(() => api.domains(), [api]);
  const canManage = roleAllows('senders.manage');
  // Each suggested address used mounts the form anew, filled with it.
  const [prefill, setPrefill] = useState<{ sender: SenderPrefill; key: number }>();
  const show = (next: SenderListView) => navigate(senderListHref(next));
  const lastPage = list.data ? pageAfterEnd(view, list.data.items.length, list.data.total) : null;

  useEffect(() => {
    if (lastPage !== null) navigate(senderListHref({ page: lastPage, size, search, status }));
  }, [lastPage, size, search, status]);

  const filtered = search !== '' || status !== '';
  const empty = filtered ? (
    <EmptyState
      title="No matching senders"
      action={
        <Button variant="secondary" onClick={() => show({ ...view, search: '', status: '', page: 1 })}>
          Clear filters
        </Button>
      }
    >
      No sender matches this search. Clear it to see every sender.
    </EmptyState>
  ) : (
    <EmptyState title="No senders yet">
      A sender is the From address of your campaigns. Add one at your sending domain: it can be used once the
      confirmation link mailed to it is followed.
    </EmptyState>
  );

  return (
    <Page
      title="Manage Sender"
      description="The addresses your campaigns are sent from. Each one is confirmed through a link mailed to it before it can be used."
    >
      <SenderDomainsNote domains={domains} />
      <Panel title="Add sender">
        {canManage ? (
          <AddSenderForm key={prefill?.key} api={api} prefill={prefill?.sender} onAdded={list.reload} />
        ) : (
          <RoleLockedButton label="Add sender" permission="senders.manage" />
        )}
      </Panel>
      <Panel title="Senders">
        <SenderFilters key={`${search}|${status}`} view={view} onChange={show} />
        <LoadStatus
          loaded={list}
          lines={4}
          loading="Loading senders ..."
          failed="The senders could not be loaded"
        />
        {list.data ? (
          <>
            <SenderTable
              api={api}
              senders={list.data.items}
              domains={domains.data}
              canManage={canManage}
              empty={empty}
              onChanged={list.reload}
              onUse={(sender) => setPrefill({ sender, key: (prefill?.key ?? 0) + 1 })}
            />
            <Pager
              label="Senders"
              page={page}
              size={size}
              total={list.data.total}
              onPage={(next) => show({ ...view, page: next })}
            />
          </>
        ) : null}
      </Panel>
    </Page>
  );
}
