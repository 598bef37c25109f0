-- Each message's first engagement of each kind counted in the metric rollups' unique counters
-- (server/src/engine/metrics/rollup-writer.ts). Message events are kept per company retention
-- (30 days by default) but rollups 6 months, so "seen before" cannot be read from the events: the
-- rollup writer inserts here with ON CONFLICT DO NOTHING RETURNING, and only the transaction whose
-- insert wins counts the unique. Purged with the rollups, by first_at.
-- kind: rendered, np_rendered, initial, np_initial, clicked, engaged, np_engaged (np: not prefetched).

CREATE TABLE metric_first_engagements (
  message_id uuid NOT NULL,
  kind text NOT NULL,
  first_at timestamptz NOT NULL,
  PRIMARY KEY (message_id, kind)
);

CREATE INDEX metric_first_engagements_first_at ON metric_first_engagements (first_at);

INSERT INTO metric_first_engagements (message_id, kind, first_at)
SELECT e.message_id, k.kind, min(e.ts)
FROM (
  SELECT message_id, type, ts, coalesce(body->>'prefetched', '') <> 'true' AS np
  FROM message_events
  WHERE message_id IS NOT NULL
    AND type IN ('open', 'amp_open', 'initial_open', 'amp_initial_open', 'click', 'amp_click')
) e
CROSS JOIN LATERAL (VALUES
  ('rendered', e.type IN ('open', 'amp_open')),
  ('np_rendered', e.type IN ('open', 'amp_open') AND e.np),
  ('initial', e.type IN ('initial_open', 'amp_initial_open')),
  ('np_initial', e.type IN ('initial_open', 'amp_initial_open') AND e.np),
  ('clicked', e.type IN ('click', 'amp_click')),
  ('engaged', true),
  ('np_engaged', e.np)
) AS k (kind, applies)
WHERE k.applies
GROUP BY e.message_id, k.kind
ON CONFLICT (message_id, kind) DO NOTHING;
