-- Second-factor codes counted per sign-in attempt and per source as well as per user (issue 22 §6),
-- so a stranger's wrong codes use up only their own attempt and network, and logoutFromOthers
-- waits for the second factor.

-- The tries at a code this session (a sign-in waiting for its second factor) has made.
ALTER TABLE sessions ADD COLUMN second_factor_tries integer NOT NULL DEFAULT 0;
-- The sign-in asked to end the user's other sessions: done once the second factor is right.
ALTER TABLE sessions ADD COLUMN logout_others boolean NOT NULL DEFAULT false;

-- Wrong codes for one user from one IP.
CREATE TABLE second_factor_source_failures (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip text NOT NULL,
  failures integer NOT NULL,
  last_failed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, ip)
);

CREATE INDEX second_factor_source_failures_age_idx ON second_factor_source_failures (last_failed_at);
