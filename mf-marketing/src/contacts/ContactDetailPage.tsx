import type { Contact } from '@app/contract/marketing/contacts';
import {
  $currentRoute,
  Button,
  ConfirmDialog,
  downloadFile,
  EmptyState,
  formatUserDateTime,
  LinkButton,
  LoadStatus,
  navigate,
  Page,
  Panel,
  roleAllows,
  StatusTag,
  showToast,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import { contactApi } from './api.ts';
import { ContactForm } from './ContactForm.tsx';
import { statusLabels, statusVariants } from './contact-query.ts';
import { SubscriptionButton } from './SubscriptionButton.tsx';
import { timelineText } from './timeline-text.ts';

/**
 * /contact/:id: one contact with its status and consent record, its fields and labels to edit, and a
 * timeline of what happened to its address (the engine's events, labels joined, when it came in);
 * its data downloaded, the contact deleted, or erased at the person's request.
 */
export function ContactDetailPage() {
  const api = contactApi();
  const id = useStore($currentRoute)?.params.id ?? '';
  const contact = useLoad(() => api.get(id), [api, id]);
  const fields = useLoad(() => api.fields(), [api]);
  const labels = useLoad(() => api.labels(), [api]);
  const timeline = useLoad(() => api.timeline(id), [api, id]);
  const [removing, setRemoving] = useState<'delete' | 'erase' | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = contact.data;
  const title = shown ? (shown.email ?? 'Contact without an address') : 'Contact';

  const remove = async (how: 'delete' | 'erase') => {
    setBusy(true);
    try {
      await (how === 'erase' ? api.erase(id) : api.remove(id));
      showToast({ type: 'success', message: `${title} is ${how === 'erase' ? 'erased' : 'deleted'}.` });
      navigate('/contact');
    } catch (failure) {
      showToast({ type: 'danger', message: serverMessage(failure) });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <Page
      title={title}
      description="What the contact book holds about this person, and what happened to the mail sent to them."
      actions={
        shown ? (
          <>
            <LinkButton to="/contact">Back to contacts</LinkButton>
            {roleAllows('contacts.export') ? (
              <Button variant="secondary" onClick={() => void downloadFile(api.dataPath(id))}>
                Download data
              </Button>
            ) : null}
            {roleAllows('contacts.delete') ? (
              <>
                <Button variant="danger" onClick={() => setRemoving('delete')}>
                  Delete
                </Button>
                <Button variant="danger" onClick={() => setRemoving('erase')}>
                  Erase
                </Button>
              </>
            ) : null}
          </>
        ) : null
      }
    >
      <LoadStatus
        loaded={contact}
        lines={4}
        loading="Loading the contact ..."
        failed="The contact could not be loaded"
      />
      {shown ? (
        <>
          <Panel title="Subscription">
            <p>
              <StatusTag variant={statusVariants[shown.status]}>{statusLabels[shown.status]}</StatusTag>{' '}
              {roleAllows('contacts.manage') ? (
                <SubscriptionButton api={api} contact={shown} onChanged={contact.reload} />
              ) : null}
            </p>
            <Consent contact={shown} />
            <p className="muted">
              Last open: {shown.lastOpenAt ? formatUserDateTime(shown.lastOpenAt) : 'never'} · Last click:{' '}
              {shown.lastClickAt ? formatUserDateTime(shown.lastClickAt) : 'never'}
            </p>
          </Panel>
          <Panel title="Details">
            {fields.data && roleAllows('contacts.manage') ? (
              <ContactForm
                key={shown.updatedAt}
                name="Edit contact"
                fields={fields.data.items}
                labels={labels.data?.items ?? []}
                contact={shown}
                submitLabel="Save changes"
                onSubmit={async (body) => {
                  await api.update(id, body);
                  showToast({ type: 'success', message: 'The contact is saved.' });
                  contact.reload();
                  timeline.reload();
                }}
              />
            ) : (
              <p>
                {[shown.firstname, shown.lastname].filter(Boolean).join(' ') || 'No name'}
                {shown.labels.length > 0 ? ` · ${shown.labels.map((label) => label.name).join(', ')}` : ''}
              </p>
            )}
          </Panel>
          <Panel title="Timeline">
            <LoadStatus
              loaded={timeline}
              lines={3}
              loading="Loading the timeline ..."
              failed="The timeline could not be loaded"
            />
            {timeline.data && timeline.data.items.length === 0 ? (
              <EmptyState title="Nothing yet">No mail has gone to this address.</EmptyState>
            ) : null}
            {timeline.data ? (
              <ol className="contact-timeline" aria-label="Contact timeline">
                {timeline.data.items.map((entry, index) => {
                  const text = timelineText(entry);
                  return (
                    <li key={`${entry.at}-${entry.type}-${index}`}>
                      <time dateTime={entry.at}>{formatUserDateTime(entry.at)}</time>
                      <strong>{text.title}</strong>
                      <span>{text.detail}</span>
                    </li>
                  );
                })}
              </ol>
            ) : null}
          </Panel>
        </>
      ) : null}
      <ConfirmDialog
        open={removing === 'delete'}
        title={`Delete ${title}?`}
        confirmLabel="Delete contact"
        danger
        busy={busy}
        onConfirm={() => void remove('delete')}
        onCancel={() => setRemoving(null)}
      >
        <p>The contact leaves the book and its labels. Added again later, it starts afresh.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={removing === 'erase'}
        title={`Erase ${title}?`}
        confirmLabel="Erase contact"
        danger
        busy={busy}
        onConfirm={() => void remove('erase')}
        onCancel={() => setRemoving(null)}
      >
        <p>
          For a person who asked to be forgotten: the contact is deleted and only a fingerprint of the address
          is kept, so your campaigns never mail it again. Added again later it comes back unsubscribed (or
          bounced, or complained, as it left), until the person resubscribes.
        </p>
      </ConfirmDialog>
    </Page>
  );
}

function Consent({ contact }: { contact: Contact }) {
  const consent = contact.consent;
  if (!consent) return <p className="muted">No consent record.</p>;
  return (
    <p>
      Consent: {formatUserDateTime(consent.at)}, from {consent.source}
      {consent.ip ? `, IP ${consent.ip}` : ''}
      {consent.text ? ` (“${consent.text}”)` : ''}.
    </p>
  );
}
