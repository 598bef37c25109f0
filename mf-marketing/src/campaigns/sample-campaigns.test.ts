import { campaignMissing } from '@app/contract/marketing/campaign-messages';
import { describe, expect, it } from 'vitest';
import { sampleCampaignApi as api } from './sample-campaigns.ts';

describe("the demo vendors' sample campaigns", () => {
  it('list, search and filter like the server, without content', async () => {
    const all = await api.list({ page: 1, size: 10 }, 'campaign');
    expect(all.total).toBe(3);
    expect(all.items.every((item) => !('content' in item))).toBe(true);
    expect((await api.list({ search: 'black' }, 'campaign')).items.map((item) => item.name)).toEqual([
      'Black Friday',
    ]);
    expect((await api.list({ status: 'SENT,SCHEDULED' }, 'campaign')).total).toBe(2);
    expect((await api.list({ page: 1, size: 10 }, 'ab')).total).toBe(0);
  });

  it('compose a draft in the browser, count it and say what is missing, but never send', async () => {
    const made = await api.create('Spring', 'campaign');
    expect(made.ab).toBeNull();
    expect((await api.readiness(made.id)).missing).toEqual([
      campaignMissing.subject,
      campaignMissing.sender,
      campaignMissing.recipients,
      campaignMissing.content,
    ]);
    await api.update(made.id, { labels: ['label-1', 'label-2'], subject: 'Spring is here' });
    expect(await api.countRecipients(made.id)).toBe(5);
    await expect(api.send(made.id)).rejects.toThrow('Sending needs your own server');
    await api.remove(made.id);
    await expect(api.get(made.id)).rejects.toThrow('Campaign not found');
  });

  it('start an A/B test with version B to fill in, listed apart from the campaigns', async () => {
    const made = await api.create('Subject test', 'ab');
    expect(made.ab).toEqual({ versions: [{}], testShare: 20, waitHours: 4, metric: 'clicks' });
    expect((await api.list({ page: 1, size: 10 }, 'ab')).items.map((item) => item.name)).toEqual([
      'Subject test',
    ]);
    expect((await api.list({ page: 1, size: 10 }, 'campaign')).total).toBe(3);
    await expect(api.pickWinner(made.id, 1)).rejects.toThrow('Sending needs your own server');
    await api.remove(made.id);
  });
});
