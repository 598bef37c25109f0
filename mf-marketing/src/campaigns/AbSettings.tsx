import {
  abMessages,
  abTestShare,
  abVersionNames,
  abWaitHours,
  maxAbVersions,
} from '@app/contract/marketing/ab-test-words';
import type { Campaign, CampaignPatch, AbSettings as Settings } from '@app/contract/marketing/campaigns';
import { Button, FormError, SelectField, showToast, TextField } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';

interface VersionFields {
  subject: string;
  senderName: string;
  /**
   * The version's place among the saved ones: its own content is read from there when the form is
   * saved (the Content panel changes it meanwhile); undefined for a version added here.
   */
  saved: number | undefined;
}

const metricOptions = [
  { value: 'clicks', label: 'Click rate' },
  { value: 'opens', label: 'Open rate (people, not machines)' },
];

/** A whole number from `min` to `max`, or undefined. */
function wholeIn(text: string, min: number, max: number): number | undefined {
  const value = Number(text);
  return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/**
 * An A/B test's settings in the composer (§5): versions B to D, each with its own subject or sender
 * name (its own content is composed in the Content panel), the test share, the wait and what decides
 * the winner.
 */
export function AbSettings({
  campaign,
  save,
}: {
  campaign: Campaign & { ab: Settings };
  save: (patch: CampaignPatch) => Promise<Campaign>;
}) {
  const { ab } = campaign;
  const [versions, setVersions] = useState<VersionFields[]>(
    ab.versions.map((version, saved) => ({
      subject: version.subject ?? '',
      senderName: version.senderName ?? '',
      saved,
    })),
  );
  const [share, setShare] = useState(String(ab.testShare));
  const [wait, setWait] = useState(String(ab.waitHours));
  const [metric, setMetric] = useState<Settings['metric']>(ab.metric);
  const [problems, setProblems] = useState<{ share?: string; wait?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const contentOf = (version: VersionFields) =>
    version.saved === undefined ? undefined : ab.versions[version.saved]?.content;
  const change = (index: number, fields: Partial<VersionFields>) =>
    setVersions((current) => current.map((one, at) => (at === index ? { ...one, ...fields } : one)));

  return (
    <form
      noValidate
      aria-label="A/B test settings"
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(null);
        const testShare = wholeIn(share, abTestShare.min, abTestShare.max);
        const waitHours = wholeIn(wait, abWaitHours.min, abWaitHours.max);
        const found = {
          ...(testShare === undefined
            ? { share: Number(share) >= 100 ? abMessages.winnerZero : abMessages.testShare }
            : {}),
          ...(waitHours === undefined ? { wait: `Wait ${abWaitHours.min} to ${abWaitHours.max} hours` } : {}),
        };
        setProblems(found);
        if (testShare === undefined || waitHours === undefined) return;
        setBusy(true);
        try {
          await save({
            ab: {
              versions: versions.map((version) => {
                const content = contentOf(version);
                return {
                  ...(version.subject.trim() ? { subject: version.subject.trim() } : {}),
                  ...(version.senderName.trim() ? { senderName: version.senderName.trim() } : {}),
                  ...(content ? { content } : {}),
                };
              }),
              testShare,
              waitHours,
              metric,
            },
          });
          // Saved in this order: each version's content is now at its own place.
          setVersions((current) => current.map((version, saved) => ({ ...version, saved })));
          showToast({ type: 'success', message: 'The A/B test settings are saved.' });
        } catch (error) {
          setFailure(serverMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormError message={failure} />
      <p className="muted">
        Version A is the campaign as composed above. Each other version changes its subject, sender name or
        content (in the Content panel); leave a field empty to keep A's.
      </p>
      {versions.map((version, index) => {
        const name = abVersionNames[index + 1];
        return (
          <fieldset key={name}>
            <legend>Version {name}</legend>
            <TextField
              label={`Version ${name} subject`}
              maxLength={250}
              value={version.subject}
              placeholder={campaign.subject || 'The subject of version A'}
              onChange={(event) => change(index, { subject: event.target.value })}
            />
            <TextField
              label={`Version ${name} sender name`}
              maxLength={100}
              value={version.senderName}
              onChange={(event) => change(index, { senderName: event.target.value })}
            />
            {contentOf(version) ? (
              <p className="muted">Version {name} has its own content (in the Content panel).</p>
            ) : null}
            {versions.length > 1 ? (
              <Button
                size="small"
                variant="secondary"
                onClick={() => setVersions((current) => current.filter((_, at) => at !== index))}
              >
                Remove version {name}
              </Button>
            ) : null}
          </fieldset>
        );
      })}
      {versions.length < maxAbVersions - 1 ? (
        <p>
          <Button
            size="small"
            variant="secondary"
            onClick={() =>
              setVersions((current) => [...current, { subject: '', senderName: '', saved: undefined }])
            }
          >
            Add version {abVersionNames[versions.length + 1]}
          </Button>
        </p>
      ) : null}
      <TextField
        label="Test share (%)"
        type="number"
        min={abTestShare.min}
        max={abTestShare.max}
        hint={`${abTestShare.min}% to ${abTestShare.max}% of the recipients get the versions; the winner goes to the rest`}
        value={share}
        error={problems.share}
        onChange={(event) => setShare(event.target.value)}
      />
      <TextField
        label="Wait before the winner (hours)"
        type="number"
        min={abWaitHours.min}
        max={abWaitHours.max}
        value={wait}
        error={problems.wait}
        onChange={(event) => setWait(event.target.value)}
      />
      <SelectField
        label="The winner has the best"
        value={metric}
        options={metricOptions}
        onChange={(next) => setMetric(next as Settings['metric'])}
      />
      <Button type="submit" busy={busy}>
        Save the A/B test
      </Button>
    </form>
  );
}
