-- The plan catalogue (§3 feature groups, §6 access, §9 sample professional plan). A plan has the 24
-- feature groups, each on or off; a group's sub-features carry its limits (-1 unlimited). The
-- transactional email group's limits stay in plan_quotas (the engine's quotas, counted per period),
-- and the team group's member limit too; the other groups' limits are here. Access to a group also
-- needs the install to have it on (install_feature_groups).
CREATE TABLE plan_feature_groups (
  plan_id text NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  feature_group text NOT NULL,
  position integer NOT NULL,
  enabled boolean NOT NULL,
  PRIMARY KEY (plan_id, feature_group)
);

CREATE TABLE plan_sub_features (
  plan_id text NOT NULL,
  feature_group text NOT NULL,
  name text NOT NULL,
  label text NOT NULL,
  quota bigint NOT NULL,
  period text NOT NULL CHECK (period IN ('monthly', 'none')),
  enabled boolean NOT NULL,
  PRIMARY KEY (plan_id, name),
  FOREIGN KEY (plan_id, feature_group) REFERENCES plan_feature_groups (plan_id, feature_group) ON DELETE CASCADE
);

-- A limit the operator set for one company (`admin set-limit`), instead of its plan's.
CREATE TABLE company_limit_overrides (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  quota bigint NOT NULL,
  PRIMARY KEY (company_id, name)
);

CREATE TABLE install_feature_groups (
  feature_group text PRIMARY KEY,
  enabled boolean NOT NULL
);

-- §9's sample professional plan; its transactional quotas are FREE's.
INSERT INTO plans (id, name, plan_group) VALUES ('PROFESSIONAL', 'Professional', 'marketing');
INSERT INTO plan_quotas (plan_id, feature, limit_name, label, quota, period, enabled)
SELECT 'PROFESSIONAL', feature, limit_name, label, quota, period, enabled FROM plan_quotas WHERE plan_id = 'FREE';

-- Which groups each plan has: FREE the transactional console, the team and a first taste of
-- marketing; PROFESSIONAL what §9 gives figures for; UNLIMITED everything.
INSERT INTO plan_feature_groups (plan_id, feature_group, position, enabled)
SELECT plan.id, g.name, g.position,
       CASE plan.id WHEN 'FREE' THEN g.free WHEN 'PROFESSIONAL' THEN g.professional ELSE true END
FROM plans plan
CROSS JOIN (VALUES
  ('banner management', 1, false, false),
  ('audience', 2, true, true),
  ('customer insight', 3, false, false),
  ('contacts', 4, true, true),
  ('A/B testing', 5, false, true),
  ('landing pages', 6, true, true),
  ('email reports', 7, true, true),
  ('email marketing', 8, true, true),
  ('file manager', 9, true, true),
  ('sender', 10, true, true),
  ('transactional email', 11, true, true),
  ('templates', 12, true, true),
  ('events', 13, false, true),
  ('forms', 14, true, true),
  ('automation', 15, true, true),
  ('social media', 16, false, true),
  ('team', 17, true, true),
  ('billing', 18, true, true),
  ('URL shortener', 19, false, true),
  ('whatsapp', 20, false, false),
  ('push', 21, false, false),
  ('flow', 22, false, true),
  ('CDP', 23, false, false),
  ('DIA', 24, false, false)
) AS g (name, position, free, professional)
WHERE plan.id IN ('FREE', 'PROFESSIONAL', 'UNLIMITED');

-- The limits: FREE's, §9's professional figures, UNLIMITED's -1. A limit of 0 is a sub-feature off.
INSERT INTO plan_sub_features (plan_id, feature_group, name, label, quota, period, enabled)
SELECT plan.id, s.feature_group, s.name, s.label, q.quota, s.period, q.quota <> 0
FROM plans plan
CROSS JOIN (VALUES
  ('contacts', 'contactLimit', 'Contacts', 'none', 500, 15000),
  ('contacts', 'customFieldLimit', 'Custom contact fields', 'none', 2, 4),
  ('contacts', 'contactTesterLimit', 'Contact testers', 'none', 3, 10),
  ('A/B testing', 'abTestEmailLimit', 'A/B test emails per month', 'monthly', 0, 10),
  ('landing pages', 'publishedPageLimit', 'Published pages', 'none', 1, 5),
  ('email marketing', 'marketingEmailLimit', 'Marketing emails per month', 'monthly', 300, 1000),
  ('file manager', 'storageLimit', 'Storage (bytes)', 'none', 104857600, 1073741824),
  ('sender', 'senderDomainLimit', 'Sender domains', 'none', 1, 2),
  ('sender', 'senderLimit', 'Senders', 'none', 1, 5),
  ('templates', 'emailTemplateLimit', 'Email templates', 'none', 2, 5),
  ('templates', 'pageTemplateLimit', 'Page templates', 'none', 2, 5),
  ('templates', 'formTemplateLimit', 'Form templates', 'none', 2, 5),
  ('events', 'eventLimit', 'Events', 'none', 0, 5),
  ('events', 'productLimit', 'Products', 'none', 0, 5),
  ('events', 'couponLimit', 'Coupons', 'none', 0, 5),
  ('forms', 'publishedFormLimit', 'Published forms', 'none', 1, 10),
  ('forms', 'formSubmissionLimit', 'Form submissions per month', 'monthly', 1000, 40000),
  ('forms', 'formUploadLimit', 'Form upload storage (bytes)', 'none', 104857600, 1073741824),
  ('automation', 'automationLimit', 'Automations', 'none', 1, 4),
  ('automation', 'automationEmailLimit', 'Automation emails', 'none', 2, 10),
  ('URL shortener', 'shortUrlLimit', 'Short URLs', 'none', 0, 500),
  ('social media', 'socialCampaignLimit', 'Social campaigns', 'none', 0, 6)
) AS s (feature_group, name, label, period, free, professional)
CROSS JOIN LATERAL (
  SELECT CASE plan.id WHEN 'FREE' THEN s.free WHEN 'PROFESSIONAL' THEN s.professional ELSE -1 END::bigint AS quota
) AS q
WHERE plan.id IN ('FREE', 'PROFESSIONAL', 'UNLIMITED');

INSERT INTO install_feature_groups (feature_group, enabled)
SELECT DISTINCT feature_group, true FROM plan_feature_groups;
