-- §6 "Editor blocks tied to features": the block editor's barcode, QR code and video blocks follow
-- sub-features of the templates group. On in every plan (the editor stays as it was); a plan or an
-- operator (`admin set-limit --limit videoBlock --value 0`) turns one off, and the editor's palette
-- no longer offers it. The payment and Disqus blocks join when pages and forms bring them.
INSERT INTO plan_sub_features (plan_id, feature_group, name, label, quota, period, enabled)
SELECT plan.id, 'templates', s.name, s.label, -1, 'none', true
FROM plans plan
CROSS JOIN (VALUES
  ('barcodeBlock', 'Barcode block'),
  ('qrcodeBlock', 'QR code block'),
  ('videoBlock', 'Video block')
) AS s (name, label)
WHERE plan.id IN ('FREE', 'PROFESSIONAL', 'UNLIMITED');
