-- PUT /api/v1/account needs the new grant account/modify (console sessions: settings.manage). A key that
-- held every grant before it existed ("All" in the console) keeps changing the account; any other key
-- no longer may.
UPDATE api_keys SET grants = array_append(grants, 'account/modify')
WHERE grants @> ARRAY[
  'api_keys/manage', 'inbound_domains/manage', 'ip_pools/manage', 'message_events/view', 'metrics/view',
  'recipient_lists/manage', 'recipient-validation/manage', 'relay_webhooks/manage', 'sending_domains/manage',
  'smtp/inject', 'subaccounts/manage', 'suppression_lists/manage', 'templates/modify', 'templates/view',
  'tracking_domains/manage', 'tracking_domains/view', 'transmissions/modify', 'transmissions/view',
  'webhooks/modify', 'webhooks/view'
]::text[]
  AND NOT grants @> ARRAY['account/modify']::text[];
