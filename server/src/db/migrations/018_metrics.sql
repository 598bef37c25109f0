-- Metric rollups (Metrics API, console analytics), updated by the event writer's insert listener in the
-- same transaction as the events (server/src/engine/metrics/rollup-writer.ts). Each table holds three
-- grains side by side: 1 (minute), 60 (hour) and 1440 (UTC day) rows, so a long range reads day and
-- hour rows and only its ragged ends read minute rows. The counters are the stored parts the metrics
-- are sums of (metric-definitions.ts).

CREATE TABLE metric_totals (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  grain integer NOT NULL,
  bucket timestamptz NOT NULL,
  subaccount_id bigint NOT NULL,
  injected bigint NOT NULL DEFAULT 0,
  policy_rejection bigint NOT NULL DEFAULT 0,
  generation_failed bigint NOT NULL DEFAULT 0,
  generation_rejection bigint NOT NULL DEFAULT 0,
  delivered_first bigint NOT NULL DEFAULT 0,
  delivered_subsequent bigint NOT NULL DEFAULT 0,
  delivery_time_first bigint NOT NULL DEFAULT 0,
  delivery_time_subsequent bigint NOT NULL DEFAULT 0,
  msg_volume bigint NOT NULL DEFAULT 0,
  inband_bounce bigint NOT NULL DEFAULT 0,
  outofband_bounce bigint NOT NULL DEFAULT 0,
  hard_bounce bigint NOT NULL DEFAULT 0,
  soft_bounce bigint NOT NULL DEFAULT 0,
  block_bounce bigint NOT NULL DEFAULT 0,
  admin_bounce bigint NOT NULL DEFAULT 0,
  undetermined_bounce bigint NOT NULL DEFAULT 0,
  delayed bigint NOT NULL DEFAULT 0,
  delayed_first bigint NOT NULL DEFAULT 0,
  rendered bigint NOT NULL DEFAULT 0,
  np_rendered bigint NOT NULL DEFAULT 0,
  initial_rendered bigint NOT NULL DEFAULT 0,
  np_initial_rendered bigint NOT NULL DEFAULT 0,
  unique_rendered bigint NOT NULL DEFAULT 0,
  np_unique_rendered bigint NOT NULL DEFAULT 0,
  unique_initial_rendered bigint NOT NULL DEFAULT 0,
  np_unique_initial_rendered bigint NOT NULL DEFAULT 0,
  unique_confirmed_opened bigint NOT NULL DEFAULT 0,
  np_unique_confirmed_opened bigint NOT NULL DEFAULT 0,
  clicked bigint NOT NULL DEFAULT 0,
  unique_clicked bigint NOT NULL DEFAULT 0,
  spam_complaint bigint NOT NULL DEFAULT 0,
  unsubscribe bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, grain, bucket, subaccount_id)
);

-- The same counters by every dimension a breakdown or a filter needs ('' where unknown).
CREATE TABLE metric_rollups (LIKE metric_totals INCLUDING DEFAULTS);
ALTER TABLE metric_rollups
  ADD COLUMN recipient_domain text NOT NULL DEFAULT '',
  ADD COLUMN sending_domain text NOT NULL DEFAULT '',
  ADD COLUMN campaign_id text NOT NULL DEFAULT '',
  ADD COLUMN template_id text NOT NULL DEFAULT '',
  ADD COLUMN ip_pool text NOT NULL DEFAULT '',
  ADD COLUMN sending_ip text NOT NULL DEFAULT '',
  ADD COLUMN mailbox_provider text NOT NULL DEFAULT '',
  ADD FOREIGN KEY (company_id) REFERENCES companies (id) ON DELETE CASCADE,
  ADD PRIMARY KEY (
    company_id, grain, bucket, subaccount_id, recipient_domain, sending_domain, campaign_id,
    template_id, ip_pool, sending_ip, mailbox_provider
  );

-- Bounces (bounce and out_of_band events) by reason and classification, for the bounce-reason routes.
CREATE TABLE metric_bounces (
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
  bounce_class integer NOT NULL DEFAULT 1,
  inband_bounce bigint NOT NULL DEFAULT 0,
  outofband_bounce bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (
    company_id, grain, bucket, subaccount_id, recipient_domain, sending_domain, campaign_id,
    template_id, ip_pool, sending_ip, mailbox_provider, reason, bounce_class
  )
);

-- Backfill from the events already stored: the same counting as rollup-writer.ts, the unique counts
-- taken at each message's first event of the kind.
CREATE TEMP TABLE metric_backfill ON COMMIT DROP AS
WITH typed AS (
  SELECT e.*,
    coalesce(e.body->>'prefetched', '') <> 'true' AS np,
    CASE
      WHEN e.bounce_class IN (10, 30, 90) THEN 'hard'
      WHEN e.bounce_class IN (20, 21, 22, 23, 24, 40, 60, 70, 100) THEN 'soft'
      WHEN e.bounce_class IN (50, 51, 52, 53, 54) THEN 'block'
      WHEN e.bounce_class IN (25, 80) THEN 'admin'
      ELSE 'undetermined'
    END AS category,
    e.type IN ('open', 'amp_open') AS is_render,
    e.type IN ('initial_open', 'amp_initial_open') AS is_initial,
    e.type IN ('click', 'amp_click') AS is_click
  FROM message_events e
), ranked AS (
  SELECT typed.*,
    CASE WHEN is_render THEN row_number() OVER (PARTITION BY message_id, is_render ORDER BY ts, id) END AS render_rank,
    CASE WHEN is_render AND np THEN row_number() OVER (PARTITION BY message_id, is_render AND np ORDER BY ts, id) END AS np_render_rank,
    CASE WHEN is_initial THEN row_number() OVER (PARTITION BY message_id, is_initial ORDER BY ts, id) END AS initial_rank,
    CASE WHEN is_initial AND np THEN row_number() OVER (PARTITION BY message_id, is_initial AND np ORDER BY ts, id) END AS np_initial_rank,
    CASE WHEN is_click THEN row_number() OVER (PARTITION BY message_id, is_click ORDER BY ts, id) END AS click_rank,
    CASE WHEN is_render OR is_initial OR is_click
      THEN row_number() OVER (PARTITION BY message_id, is_render OR is_initial OR is_click ORDER BY ts, id) END AS engaged_rank,
    CASE WHEN (is_render OR is_initial OR is_click) AND np
      THEN row_number() OVER (PARTITION BY message_id, (is_render OR is_initial OR is_click) AND np ORDER BY ts, id) END AS np_engaged_rank
  FROM typed
)
SELECT company_id, subaccount_id, ts, recipient_domain, sending_domain, campaign_id,
  coalesce(template_id, '') AS template_id, ip_pool,
  coalesce(body->>'sending_ip', '') AS sending_ip, coalesce(body->>'mailbox_provider', '') AS mailbox_provider,
  left(reason, 255) AS reason, coalesce(bounce_class, 1) AS bounce_class, type,
  (type = 'injection')::int AS injected,
  (type = 'policy_rejection')::int AS policy_rejection,
  (type = 'generation_failure')::int AS generation_failed,
  (type = 'generation_rejection')::int AS generation_rejection,
  (type = 'delivery' AND coalesce(body->>'num_retries', '0') = '0')::int AS delivered_first,
  (type = 'delivery' AND coalesce(body->>'num_retries', '0') <> '0')::int AS delivered_subsequent,
  CASE WHEN type = 'delivery' AND coalesce(body->>'num_retries', '0') = '0' AND body->>'queue_time' ~ '^[0-9]{1,15}$'
    THEN (body->>'queue_time')::bigint ELSE 0 END AS delivery_time_first,
  CASE WHEN type = 'delivery' AND coalesce(body->>'num_retries', '0') <> '0' AND body->>'queue_time' ~ '^[0-9]{1,15}$'
    THEN (body->>'queue_time')::bigint ELSE 0 END AS delivery_time_subsequent,
  CASE WHEN type = 'delivery' AND body->>'msg_size' ~ '^[0-9]{1,15}$' THEN (body->>'msg_size')::bigint ELSE 0 END AS msg_volume,
  (type = 'bounce')::int AS inband_bounce,
  (type = 'out_of_band')::int AS outofband_bounce,
  (type IN ('bounce', 'out_of_band') AND category = 'hard')::int AS hard_bounce,
  (type IN ('bounce', 'out_of_band') AND category = 'soft')::int AS soft_bounce,
  (type IN ('bounce', 'out_of_band') AND category = 'block')::int AS block_bounce,
  (type IN ('bounce', 'out_of_band') AND category = 'admin')::int AS admin_bounce,
  (type IN ('bounce', 'out_of_band') AND category = 'undetermined')::int AS undetermined_bounce,
  (type = 'delay')::int AS delayed,
  (type = 'delay' AND coalesce(body->>'num_retries', '0') = '0')::int AS delayed_first,
  is_render::int AS rendered,
  (is_render AND np)::int AS np_rendered,
  is_initial::int AS initial_rendered,
  (is_initial AND np)::int AS np_initial_rendered,
  (render_rank = 1 AND message_id IS NOT NULL)::int AS unique_rendered,
  (np_render_rank = 1 AND message_id IS NOT NULL)::int AS np_unique_rendered,
  (initial_rank = 1 AND message_id IS NOT NULL)::int AS unique_initial_rendered,
  (np_initial_rank = 1 AND message_id IS NOT NULL)::int AS np_unique_initial_rendered,
  (engaged_rank = 1 AND message_id IS NOT NULL)::int AS unique_confirmed_opened,
  (np_engaged_rank = 1 AND message_id IS NOT NULL)::int AS np_unique_confirmed_opened,
  is_click::int AS clicked,
  (click_rank = 1 AND message_id IS NOT NULL)::int AS unique_clicked,
  (type = 'spam_complaint')::int AS spam_complaint,
  (type IN ('list_unsubscribe', 'link_unsubscribe'))::int AS unsubscribe
FROM ranked;

CREATE TEMP TABLE metric_grains ON COMMIT DROP AS SELECT * FROM (VALUES (1), (60), (1440)) AS g (grain);

INSERT INTO metric_rollups (
  company_id, grain, bucket, subaccount_id, recipient_domain, sending_domain, campaign_id, template_id,
  ip_pool, sending_ip, mailbox_provider,
  injected, policy_rejection, generation_failed, generation_rejection, delivered_first, delivered_subsequent,
  delivery_time_first, delivery_time_subsequent, msg_volume, inband_bounce, outofband_bounce, hard_bounce,
  soft_bounce, block_bounce, admin_bounce, undetermined_bounce, delayed, delayed_first, rendered, np_rendered,
  initial_rendered, np_initial_rendered, unique_rendered, np_unique_rendered, unique_initial_rendered,
  np_unique_initial_rendered, unique_confirmed_opened, np_unique_confirmed_opened, clicked, unique_clicked,
  spam_complaint, unsubscribe
)
SELECT company_id, grain, to_timestamp(floor(extract(epoch FROM ts) / (grain * 60)) * grain * 60) AS bucket,
  subaccount_id, recipient_domain, sending_domain, campaign_id, template_id, ip_pool, sending_ip, mailbox_provider,
  sum(injected), sum(policy_rejection), sum(generation_failed), sum(generation_rejection), sum(delivered_first),
  sum(delivered_subsequent), sum(delivery_time_first), sum(delivery_time_subsequent), sum(msg_volume),
  sum(inband_bounce), sum(outofband_bounce), sum(hard_bounce), sum(soft_bounce), sum(block_bounce),
  sum(admin_bounce), sum(undetermined_bounce), sum(delayed), sum(delayed_first), sum(rendered), sum(np_rendered),
  sum(initial_rendered), sum(np_initial_rendered), sum(unique_rendered), sum(np_unique_rendered),
  sum(unique_initial_rendered), sum(np_unique_initial_rendered), sum(unique_confirmed_opened),
  sum(np_unique_confirmed_opened), sum(clicked), sum(unique_clicked), sum(spam_complaint), sum(unsubscribe)
FROM metric_backfill CROSS JOIN metric_grains
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;

INSERT INTO metric_totals (
  company_id, grain, bucket, subaccount_id,
  injected, policy_rejection, generation_failed, generation_rejection, delivered_first, delivered_subsequent,
  delivery_time_first, delivery_time_subsequent, msg_volume, inband_bounce, outofband_bounce, hard_bounce,
  soft_bounce, block_bounce, admin_bounce, undetermined_bounce, delayed, delayed_first, rendered, np_rendered,
  initial_rendered, np_initial_rendered, unique_rendered, np_unique_rendered, unique_initial_rendered,
  np_unique_initial_rendered, unique_confirmed_opened, np_unique_confirmed_opened, clicked, unique_clicked,
  spam_complaint, unsubscribe
)
SELECT company_id, grain, bucket, subaccount_id,
  sum(injected), sum(policy_rejection), sum(generation_failed), sum(generation_rejection), sum(delivered_first),
  sum(delivered_subsequent), sum(delivery_time_first), sum(delivery_time_subsequent), sum(msg_volume),
  sum(inband_bounce), sum(outofband_bounce), sum(hard_bounce), sum(soft_bounce), sum(block_bounce),
  sum(admin_bounce), sum(undetermined_bounce), sum(delayed), sum(delayed_first), sum(rendered), sum(np_rendered),
  sum(initial_rendered), sum(np_initial_rendered), sum(unique_rendered), sum(np_unique_rendered),
  sum(unique_initial_rendered), sum(np_unique_initial_rendered), sum(unique_confirmed_opened),
  sum(np_unique_confirmed_opened), sum(clicked), sum(unique_clicked), sum(spam_complaint), sum(unsubscribe)
FROM metric_rollups
GROUP BY 1, 2, 3, 4;

INSERT INTO metric_bounces (
  company_id, grain, bucket, subaccount_id, recipient_domain, sending_domain, campaign_id, template_id,
  ip_pool, sending_ip, mailbox_provider, reason, bounce_class, inband_bounce, outofband_bounce
)
SELECT company_id, grain, to_timestamp(floor(extract(epoch FROM ts) / (grain * 60)) * grain * 60),
  subaccount_id, recipient_domain, sending_domain, campaign_id, template_id, ip_pool, sending_ip, mailbox_provider,
  reason, bounce_class, sum(inband_bounce), sum(outofband_bounce)
FROM metric_backfill CROSS JOIN metric_grains
WHERE type IN ('bounce', 'out_of_band')
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;

DROP TABLE metric_backfill;
DROP TABLE metric_grains;
