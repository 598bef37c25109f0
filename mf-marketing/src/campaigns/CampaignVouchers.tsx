import type { Campaign, CampaignPatch } from '@app/contract/marketing/campaigns';
import { Button, FormError, SelectField, showToast, TextField, useLoad } from '@app/shared';
import { useState } from 'react';
import { contactApi } from '../contacts/api.ts';
import { serverMessage } from '../server-message.ts';
import type { CampaignApi } from './api.ts';

/**
 * §7 /utils/vouchers in the composer: the voucher list whose codes fill each recipient's `{{voucher}}`,
 * and a new list generated for a recipient label (§5: the label first), one code a contact.
 */
export function CampaignVouchers({
  api,
  campaign,
  save,
}: {
  api: CampaignApi;
  campaign: Campaign;
  save: (patch: CampaignPatch) => Promise<Campaign>;
}) {
  const lists = useLoad(() => api.voucherLists(), [api]);
  const labels = useLoad(() => contactApi().labels(), []);
  const [name, setName] = useState('');
  const [labelId, setLabelId] = useState(campaign.labels[0] ?? '');
  const [prefix, setPrefix] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (voucherListId: string | null) =>
    save({ voucherListId }).catch((error: unknown) => setFailure(serverMessage(error)));

  return (
    <>
      <FormError message={failure} />
      <SelectField
        label="Voucher list"
        hint="Each recipient's code fills {{voucher}} in the subject or the content"
        value={campaign.voucherListId ?? ''}
        options={[
          { value: '', label: 'No vouchers' },
          ...(lists.data?.items ?? []).map((list) => ({
            value: list.id,
            label: `${list.name} (${list.codes.toLocaleString('en-US')} codes)`,
          })),
        ]}
        onChange={(next) => void choose(next || null)}
      />
      <form
        noValidate
        aria-label="New voucher list"
        onSubmit={async (event) => {
          event.preventDefault();
          setFailure(null);
          setBusy(true);
          try {
            const made = await api.createVoucherList({
              name: name.trim(),
              prefix: prefix.trim().toUpperCase(),
              ...(labelId ? { labelId } : {}),
            });
            lists.reload();
            await choose(made.id);
            setName('');
            showToast({ type: 'success', message: `${made.codes.toLocaleString('en-US')} codes are ready.` });
          } catch (error) {
            setFailure(serverMessage(error));
          } finally {
            setBusy(false);
          }
        }}
      >
        <TextField
          label="New voucher list name"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          label="Recipient label"
          hint="One code for each of its contacts"
          value={labelId}
          options={[
            { value: '', label: 'Choose a label' },
            ...(labels.data?.items ?? []).map((label) => ({ value: label.id, label: label.name })),
          ]}
          onChange={setLabelId}
        />
        <TextField
          label="Code prefix (optional)"
          maxLength={12}
          value={prefix}
          onChange={(event) => setPrefix(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={busy}>
          Generate codes
        </Button>
      </form>
    </>
  );
}
