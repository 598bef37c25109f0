import { formatSize } from '@app/contract';
import type { FileItem, FileListQuery } from '@app/contract/marketing/files';
import {
  Button,
  CopyButton,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LoadStatus,
  Page,
  Panel,
  RoleLockedButton,
  roleAllows,
  SelectField,
  TextField,
  useLoad,
} from '@app/shared';
import { useMemo, useState } from 'react';
import { Pager } from '../lists/Pager.tsx';
import { fileApi } from './api.ts';
import { DeleteFileButton } from './DeleteFileButton.tsx';
import { RenameFileDialog } from './RenameFileDialog.tsx';
import { StorageUsage } from './StorageUsage.tsx';
import { UploadZone } from './UploadZone.tsx';

const typeOptions = [
  { value: '', label: 'All files' },
  { value: 'image', label: 'Images' },
  { value: 'document', label: 'Other files' },
];

const sortOptions = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: '-size', label: 'Largest first' },
  { value: 'size', label: 'Smallest first' },
];

/** /file-manager: the company's files (§1), uploaded by drag and drop, renamed, deleted; the plan's storage. */
export function FileManagerPage() {
  const api = useMemo(fileApi, []);
  const [query, setQuery] = useState<FileListQuery>({ page: 1, size: 10, sort: '-createdAt' });
  const [changes, setChanges] = useState(0);
  const [renaming, setRenaming] = useState<FileItem | null>(null);
  const list = useLoad(() => api.list(query), [api, query, changes]);
  const usage = useLoad(() => api.usage(), [api, changes]);
  const changed = () => setChanges((count) => count + 1);
  const refine = (change: Partial<FileListQuery>) =>
    setQuery((current) => ({ ...current, ...change, page: 1 }));
  const canManage = roleAllows('files.manage');
  const filtered = Boolean(query.search || query.type);

  return (
    <Page
      title="File Manager"
      description="Images and documents for your emails, pages and forms. Each file has a public address you can put in any design."
    >
      <StorageUsage usage={usage.data} />
      {canManage ? (
        <UploadZone api={api} onUploaded={changed} />
      ) : (
        <RoleLockedButton label="Upload files" permission="files.manage" />
      )}
      <Panel title="Files">
        <div className="files-toolbar">
          <TextField
            label="Search"
            type="search"
            placeholder="File name"
            value={query.search ?? ''}
            onChange={(event) => refine({ search: event.target.value })}
          />
          <SelectField
            label="Type"
            value={query.type ?? ''}
            options={typeOptions}
            onChange={(value) => refine({ type: value === '' ? undefined : (value as 'image' | 'document') })}
          />
          <SelectField
            label="Sort"
            value={query.sort ?? '-createdAt'}
            options={sortOptions}
            onChange={(value) => refine({ sort: value as FileListQuery['sort'] })}
          />
        </div>
        <LoadStatus
          loaded={list}
          lines={5}
          loading="Loading files ..."
          failed="The files could not be loaded"
        />
        {list.data ? (
          <>
            <DataTable
              label="Files"
              rows={list.data.items}
              rowKey={(file) => file.id}
              columns={[
                {
                  key: 'preview',
                  label: 'Preview',
                  secondary: true,
                  render: (file: FileItem) => <Preview file={file} />,
                },
                { key: 'name', label: 'Name', render: (file: FileItem) => file.name },
                { key: 'size', label: 'Size', render: (file: FileItem) => formatSize(file.size) },
                {
                  key: 'created',
                  label: 'Uploaded',
                  secondary: true,
                  render: (file: FileItem) => formatUserDateTime(file.createdAt),
                },
                {
                  key: 'actions',
                  label: 'Actions',
                  render: (file: FileItem) => (
                    <span className="app-page-actions">
                      <CopyButton value={file.url} label="Copy address" />
                      {canManage ? (
                        <>
                          <Button size="small" variant="secondary" onClick={() => setRenaming(file)}>
                            Rename
                          </Button>
                          <DeleteFileButton api={api} file={file} onDeleted={changed} />
                        </>
                      ) : null}
                    </span>
                  ),
                },
              ]}
              empty={
                <EmptyState title={filtered ? 'No file matches' : 'No files yet'}>
                  {filtered
                    ? 'No file matches the search and type chosen.'
                    : 'Drag images or documents onto the area above to upload them. Uploaded files can be put in your emails, pages and forms.'}
                </EmptyState>
              }
            />
            <Pager
              label="Files"
              page={list.data.page}
              size={list.data.size}
              total={list.data.total}
              onPage={(page) => setQuery((current) => ({ ...current, page }))}
            />
          </>
        ) : null}
      </Panel>
      <RenameFileDialog api={api} file={renaming} onClose={() => setRenaming(null)} onRenamed={changed} />
    </Page>
  );
}

/** An image's thumbnail; other files show their extension. */
function Preview({ file }: { file: FileItem }) {
  if (file.type.startsWith('image/')) {
    return <img className="files-thumb" src={file.url} alt="" loading="lazy" />;
  }
  return (
    <span className="files-thumb files-thumb-kind">{file.name.slice(file.name.lastIndexOf('.') + 1)}</span>
  );
}
