-- Saved views of the console's analytics page (/preset, /analytic/preset/:id): a name and the filter
-- set (range, status groups, breakdown, filters) as the console sends it, checked by the shared
-- contract (analyticFilterSet). Names are unique per company, compared without case.
CREATE TABLE analytic_presets (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  filters jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE UNIQUE INDEX analytic_presets_company_name ON analytic_presets (company_id, lower(name));
