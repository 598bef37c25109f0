import { dashboardRanges } from '@app/contract/marketing/dashboard-ranges';
import { AppLink, formatUserDateTime, LoadStatus, SelectField, useLoad } from '@app/shared';
import { useState } from 'react';
import { loadDashboardStats, loadEmailQuota } from './api.ts';
import { peakText, rate } from './stats-text.ts';

/**
 * Home's campaign statistics over a range: campaigns sent and their delivery, open and click rates,
 * contact growth, the latest and the next campaigns, the hour the company's recipients open most,
 * and the plan's email limit.
 */
export function CampaignStats() {
  const [days, setDays] = useState<number>(30);
  const stats = useLoad(() => loadDashboardStats(days), [days]);
  const email = useLoad(loadEmailQuota, []).data;
  const data = stats.data;
  return (
    <div data-testid="campaign-stats">
      <div style={{ maxWidth: 240 }}>
        <SelectField
          label="Range"
          value={String(days)}
          options={dashboardRanges.map((value) => ({ value: String(value), label: `Last ${value} days` }))}
          onChange={(value) => setDays(Number(value))}
        />
      </div>
      <LoadStatus
        loaded={stats}
        lines={3}
        loading="Loading statistics ..."
        failed="The statistics could not be loaded"
      />
      {data ? (
        <>
          <dl className="campaign-totals">
            <div>
              <dt>Campaigns sent</dt>
              <dd>{data.campaigns.sent.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Emails sent</dt>
              <dd>{data.campaigns.recipients.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Delivery rate</dt>
              <dd>{rate(data.campaigns.delivered, data.campaigns.recipients)}</dd>
            </div>
            <div>
              <dt>Open rate</dt>
              <dd>{rate(data.campaigns.opened, data.campaigns.delivered)}</dd>
            </div>
            <div>
              <dt>Click rate</dt>
              <dd>{rate(data.campaigns.clicked, data.campaigns.delivered)}</dd>
            </div>
            <div>
              <dt>Contacts</dt>
              <dd>
                {data.contacts.total.toLocaleString('en-US')}
                <span className="muted"> +{data.contacts.added.toLocaleString('en-US')}</span>
              </dd>
            </div>
          </dl>
          <p data-testid="peak-time">{peakText(data.peak)}</p>
          {email && email.quota >= 0 ? (
            <p className="muted">
              Email limit: {email.usage.toLocaleString('en-US')} of {email.quota.toLocaleString('en-US')} used
              this period.
            </p>
          ) : null}
          <div className="app-form-row">
            <section aria-labelledby="recent-campaigns">
              <h3 id="recent-campaigns">Recently sent</h3>
              {data.recent.length === 0 ? (
                <p className="muted">
                  No campaign sent yet. <AppLink to="/campaign">Compose one</AppLink>.
                </p>
              ) : (
                <ul>
                  {data.recent.map((item) => (
                    <li key={item.id}>
                      <AppLink to={`/campaign/${encodeURIComponent(item.id)}`}>{item.name}</AppLink>{' '}
                      <span className="muted">
                        {formatUserDateTime(item.sentAt)} · {item.queued.toLocaleString('en-US')} sent ·
                        opened {rate(item.opened, item.queued)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="scheduled-campaigns">
              <h3 id="scheduled-campaigns">Scheduled</h3>
              {data.scheduled.length === 0 ? (
                <p className="muted">Nothing scheduled.</p>
              ) : (
                <ul>
                  {data.scheduled.map((item) => (
                    <li key={item.id}>
                      <AppLink to={`/campaign/${encodeURIComponent(item.id)}`}>{item.name}</AppLink>{' '}
                      <span className="muted">{formatUserDateTime(item.scheduledAt)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </>
      ) : null}
    </div>
  );
}
