-- The contact book (issue 24, §3 contacts): contacts, their custom fields and their labels.

-- Custom fields; the built-in ones (email, firstname, lastname, phone) are columns of contacts.
CREATE TABLE contact_fields (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  tag text NOT NULL CHECK (tag ~ '^[a-z][a-z0-9_]{0,39}$'),
  type text NOT NULL CHECK (type IN ('text', 'number', 'date', 'boolean', 'choice')),
  choices jsonb,
  created_at timestamptz NOT NULL,
  UNIQUE (company_id, tag)
);

CREATE TABLE contacts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- Null only for a contact imported without an address.
  email text CHECK (email = lower(email)),
  firstname text,
  lastname text,
  phone text,
  status text NOT NULL DEFAULT 'subscribed'
    CHECK (status IN ('subscribed', 'unsubscribed', 'pending', 'bounced', 'complained')),
  source text NOT NULL,
  -- {at, source, ip, text}: when, from which form or import, from where, what was agreed to.
  consent jsonb,
  -- Custom field values by the field's id (a tag may be renamed; a deleted field's values go with it).
  fields jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  last_open_at timestamptz,
  last_click_at timestamptz,
  -- Nulls are distinct: contacts without an address never collide. Also find by email and sort by it.
  UNIQUE (company_id, email)
);
-- The list, newest first (its default order), and its status filter.
CREATE INDEX contacts_company_created_idx ON contacts (company_id, created_at DESC, id DESC);
CREATE INDEX contacts_company_status_idx ON contacts (company_id, status);
-- Search is a "contains" ILIKE on email and names, which no btree serves: at a million contacts it reads
-- the company's rows. The issue's later part should add trigram GIN indexes (pg_trgm) on email,
-- firstname and lastname where the database has the extension (PostgreSQL; PGlite as a contrib
-- module), or a prefix search on (company_id, email text_pattern_ops).

CREATE TABLE contact_labels (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Exact: changed in the transaction of every membership change, so a list of labels never counts rows.
  members bigint NOT NULL DEFAULT 0 CHECK (members >= 0),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX contact_labels_name_idx ON contact_labels (company_id, lower(name));

CREATE TABLE contact_label_members (
  label_id bigint NOT NULL REFERENCES contact_labels (id) ON DELETE CASCADE,
  -- A contact is deleted only after its memberships (and the labels' counts) were.
  contact_id bigint NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (label_id, contact_id)
);
CREATE INDEX contact_label_members_contact_idx ON contact_label_members (contact_id);
