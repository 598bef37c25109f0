import {
  Alert,
  AppLink,
  Button,
  type Column,
  DataTable,
  EmptyState,
  LinkButton,
  Page,
  Panel,
  Skeleton,
} from '@app/shared';
import type { ReactNode } from 'react';
import { DomainNav } from './DomainNav.tsx';
import { domainFeature } from './flags.ts';

export type DomainUse = 'sending' | 'bounce' | 'tracking';

/**
 * The page shell of the sending, bounce and tracking domain lists: title, "Add domain" (when the §6
 * flag allows), the links between the lists, the load failure, and a table whose first column links
 * each domain to its detail page (when allowed). Each list gives only its own columns and texts.
 */
export function DomainListPage<Row extends { domain: string }>({
  use,
  title,
  description,
  loaded,
  rows,
  before,
  emptyTitle,
  emptyText,
  columns,
  skeletonLines,
}: {
  use: DomainUse;
  title: string;
  description: string;
  loaded: { status: 'loading' | 'ready' | 'failed'; data: unknown; reload: () => void };
  rows: Row[] | undefined;
  before?: ReactNode;
  emptyTitle: string;
  emptyText: ReactNode;
  columns: Column<Row>[];
  skeletonLines: number;
}) {
  const kind = `${use}Domain` as const;
  const add = domainFeature(kind, 'create') ? (
    <LinkButton to={`/domain/add?use=${use}`} variant="primary">
      Add domain
    </LinkButton>
  ) : null;
  const showDetail = domainFeature(kind, 'detail');

  return (
    <Page title={title} description={description} actions={add}>
      <DomainNav current={`/domain/${use}`} />
      {loaded.status === 'failed' && !loaded.data ? (
        <Alert type="danger" title={`The ${use} domains could not be loaded`}>
          <Button variant="secondary" size="small" onClick={loaded.reload}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {before}
      <Panel>
        {rows ? (
          <DataTable
            label={`${use[0]?.toUpperCase()}${use.slice(1)} domains`}
            rows={rows}
            rowKey={(row) => row.domain}
            empty={
              <EmptyState title={emptyTitle} action={add}>
                {emptyText}
              </EmptyState>
            }
            columns={[
              {
                key: 'domain',
                label: 'Domain',
                render: (row) =>
                  showDetail ? (
                    <AppLink to={`/domain/${use}/${encodeURIComponent(row.domain)}`}>{row.domain}</AppLink>
                  ) : (
                    row.domain
                  ),
              },
              ...columns,
            ]}
          />
        ) : loaded.status !== 'failed' ? (
          <Skeleton lines={skeletonLines} label={`Loading ${use} domains ...`} />
        ) : null}
      </Panel>
    </Page>
  );
}
