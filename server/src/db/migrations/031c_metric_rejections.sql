-- Rejections (policy_rejection, generation_rejection and generation_failure events) by reason, for the
-- rejection-reason routes of the Metrics API: the same grains and dimensions as metric_bounces, kept
-- as long, written by the same rollup writer in the events' transaction.
CREATE TABLE metric_rejections (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  grain integer NOT NULL,
  bucket timestamptz NOT NULL,
  subaccount_id bigint NOT NULL,
  recipient_domain text NOT NULL DEFAULT '',
  sending_domain text NOT NULL DEFAULT '',
  campaign_id text NOT NULL DEFAULT '',
  template_id text NOT NULL DEFAULT '',
  ip_pool text NOT NULL DEFAULT '',
  sending_ip text NOT NULL DEFAULT '',
  mailbox_provider text NOT NULL DEFAULT '',
  reason text NOT NULL DEFAULT '',
  -- The event type: policy_rejection, generation_rejection or generation_failure.
  rejection_type text NOT NULL,
  rejected bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (
    company_id, grain, bucket, subaccount_id, recipient_domain, sending_domain, campaign_id,
    template_id, ip_pool, sending_ip, mailbox_provider, reason, rejection_type
  )
);

-- The rejections already stored, counted as the rollup writer counts them.
INSERT INTO metric_rejections (
  company_id, grain, bucket, subaccount_id, recipient_domain, sending_domain, campaign_id, template_id,
  ip_pool, sending_ip, mailbox_provider, reason, rejection_type, rejected
)
SELECT e.company_id, g.grain, to_timestamp(floor(extract(epoch FROM e.ts) / (g.grain * 60)) * g.grain * 60),
  e.subaccount_id, e.recipient_domain, e.sending_domain, e.campaign_id, coalesce(e.template_id, ''), e.ip_pool,
  coalesce(e.body->>'sending_ip', ''), coalesce(e.body->>'mailbox_provider', ''), left(e.reason, 255), e.type,
  count(*)
FROM message_events e CROSS JOIN (VALUES (1), (60), (1440)) AS g (grain)
WHERE e.type IN ('policy_rejection', 'generation_rejection', 'generation_failure')
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;
