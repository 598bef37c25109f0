import type { ContactField, Label } from '@app/contract/marketing/contacts';
import type { Segment, SegmentGroup } from '@app/contract/marketing/segments';
import { Alert, Button, SelectField, TextField } from '@app/shared';
import { useEffect, useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { ContactApi } from './api.ts';
import { ConditionGroup } from './ConditionGroup.tsx';
import { contactCount } from './contact-count.ts';
import { conditionCount, isComplete, newCondition, rulesOf } from './segment-draft.ts';

const countDelayMs = 400;

/**
 * The segment builder: a name, all or any of a list of conditions and groups of conditions, and the
 * live count of the contacts they hold (asked of the server a moment after each change, as the send will count them).
 */
export function SegmentBuilder({
  api,
  fields,
  labels,
  onSaved,
}: {
  api: ContactApi;
  fields: readonly ContactField[];
  labels: readonly Label[];
  onSaved: (segment: Segment) => void;
}) {
  const [name, setName] = useState('');
  const [group, setGroup] = useState<SegmentGroup>({
    match: 'all',
    conditions: [newCondition('status', fields)],
  });
  const [count, setCount] = useState<{ value?: number; error?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const complete = isComplete(group);
  const rules = rulesOf(group);
  const key = JSON.stringify(rules);

  useEffect(() => {
    if (!complete) {
      setCount(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api.countSegment(rules).then(
        (value) => live && setCount({ value }),
        (failure: unknown) => live && setCount({ error: serverMessage(failure) }),
      );
    }, countDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, key, complete]);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      onSaved(await api.createSegment({ name: name.trim(), rules }));
      setName('');
      setGroup({ match: 'all', conditions: [newCondition('status', fields)] });
    } catch (failure) {
      setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label="New segment"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {error ? <Alert type="danger">{error}</Alert> : null}
      <div className="app-form-row">
        <TextField
          label="Segment name"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          label="Contacts who meet"
          value={group.match}
          options={[
            { value: 'all', label: 'all of these conditions' },
            { value: 'any', label: 'any of these conditions' },
          ]}
          onChange={(match) => setGroup((current) => ({ ...current, match: match as 'all' | 'any' }))}
        />
      </div>
      <ConditionGroup
        group={group}
        onChange={setGroup}
        depth={1}
        prefix=""
        total={conditionCount(group)}
        fields={fields}
        labels={labels}
      />
      <p role="status" className="segment-count">
        {!complete
          ? 'Complete the conditions to see how many contacts they hold.'
          : count === null
            ? 'Counting ...'
            : count.error
              ? count.error
              : `${contactCount(count.value ?? 0)} match`}
      </p>
      <div className="app-page-actions">
        <Button type="submit" busy={busy} disabled={!complete || name.trim() === ''}>
          Save segment
        </Button>
      </div>
    </form>
  );
}
