-- The team's autoLinkUtm (§3, issue 25): when on, a campaign's links carry UTM parameters
-- (utm_source, utm_medium=email, utm_campaign) unless they have their own.
ALTER TABLE companies ADD COLUMN auto_link_utm boolean NOT NULL DEFAULT false;
