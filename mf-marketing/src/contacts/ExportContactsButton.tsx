import type { ContactExport, ContactExportBody } from '@app/contract/marketing/contact-exports';
import { Button, ConfirmDialog, refreshUnreadNotifications, SelectField, showToast } from '@app/shared';
import { useEffect, useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { ContactApi } from './api.ts';

const pollMs = 2000;

const formats = [
  { value: 'csv', label: 'CSV (every contact; opens in any spreadsheet)' },
  { value: 'xlsx', label: 'Excel .xlsx (up to 1,048,575 contacts)' },
] as const;

/**
 * Exports what the Contact Book shows (its search, status, label or segment) as a background job:
 * the server answers with the §8 export notice, and once the file is written the notification in the
 * header offers the download.
 */
export function ExportContactsButton({
  api,
  filter,
  count,
}: {
  api: ContactApi;
  filter: Omit<ContactExportBody, 'format'>;
  /** How many the filters show, as the list says it; undefined while it loads. */
  count: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [busy, setBusy] = useState(false);
  const [writing, setWriting] = useState<ContactExport | null>(null);

  // While the file is written, ask after it; when it is, the header's notifications show it at once.
  useEffect(() => {
    if (!writing) return;
    const timer = setInterval(async () => {
      const job = await api.contactExport(writing.id).catch(() => null);
      if (job && (job.state === 'done' || job.state === 'failed')) {
        setWriting(null);
        void refreshUnreadNotifications();
      }
    }, pollMs);
    return () => clearInterval(timer);
  }, [api, writing]);

  const start = async () => {
    setBusy(true);
    try {
      setWriting(await api.exportContacts({ ...filter, format }));
      setOpen(false);
    } catch (failure) {
      showToast({ type: 'danger', title: 'Export refused', message: serverMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  const which = count === undefined ? 'the contacts' : `the ${count}`;
  return (
    <>
      <Button variant="secondary" busy={writing !== null} onClick={() => setOpen(true)}>
        {writing ? 'Exporting ...' : 'Export'}
      </Button>
      <ConfirmDialog
        open={open}
        title="Export contacts"
        confirmLabel="Export"
        busy={busy}
        onConfirm={() => void start()}
        onCancel={() => setOpen(false)}
      >
        <p>
          Exports {which} this view shows, with their fields, labels and status. You get a notification when
          the file is ready.
        </p>
        <SelectField
          label="Format"
          value={format}
          options={formats}
          onChange={(value) => setFormat(value === 'xlsx' ? 'xlsx' : 'csv')}
        />
      </ConfirmDialog>
    </>
  );
}
