import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createCompanyStore } from '../../../server/src/accounts/company/company-store.ts';
import { setCompanyLimit } from '../../../server/src/accounts/plans/plan-catalogue.ts';
import type { Db } from '../../../server/src/db/db.ts';

/** Contacts a loading statement inserts. */
const loadSlice = 100_000;

const firstnames = ['Ana', 'Zoë', 'José', 'Łukasz', 'Søren', 'Ngozi', 'Nguyễn', 'Anaïs', 'Maria', 'John'];
const cities = [
  'Lisbon',
  'Porto',
  'Braga',
  'Coimbra',
  'Faro',
  'Madrid',
  'Barcelona',
  'Valencia',
  'Seville',
  'Bilbao',
  'Paris',
  'Lyon',
  'Marseille',
  'Toulouse',
  'Nantes',
  'Berlin',
  'Hamburg',
  'Munich',
  'Cologne',
  'Frankfurt',
  'Rome',
  'Milan',
  'Naples',
  'Turin',
  'Florence',
  'London',
  'Manchester',
  'Leeds',
  'Glasgow',
  'Dublin',
  'Amsterdam',
  'Rotterdam',
  'Utrecht',
  'Brussels',
  'Antwerp',
  'Vienna',
  'Zurich',
  'Geneva',
  'Prague',
  'Warsaw',
  'Kraków',
  'Budapest',
  'Copenhagen',
  'Stockholm',
  'Oslo',
  'Helsinki',
  'Athens',
  'Bucharest',
  'Sofia',
  'Zagreb',
];
export const city = 'Lisbon';

export async function companyIn(db: Db, name: string, contactLimit: number): Promise<string> {
  const id = await createCompanyStore(db).insert(db, { name, phone: '', now: new Date() });
  await setCompanyLimit(db, id, 'contactLimit', contactLimit);
  return id;
}

/**
 * `count` contacts for the company, a statement each {@link loadSlice}: addresses
 * contact{n}@example{n % 97}.test, a firstname of the list, the city field (by its id, as
 * field-values.ts stores it) from a hash of n, ~90% subscribed, 7% unsubscribed, 3% bounced, ~30%
 * opened in the last 90 days, added over the last two years (newer contacts, higher ids); then
 * one member in ten joins the label, whose count is kept exact.
 */
export async function load(
  db: Db,
  company: { id: string; fieldId: string; labelId: string },
  count: number,
  now: Date,
  say: (text: string) => void,
) {
  for (let from = 1; from <= count; from += loadSlice) {
    const to = Math.min(count, from + loadSlice - 1);
    await db.query(
      `INSERT INTO contacts (company_id, email, firstname, lastname, status, source, fields, created_at, updated_at, last_open_at)
       SELECT $1::uuid, 'contact' || n || '@example' || (n % 97) || '.test',
              ($4::text[])[1 + n % cardinality($4::text[])], 'Lastname ' || n,
              CASE WHEN h.s < 900 THEN 'subscribed' WHEN h.s < 970 THEN 'unsubscribed' ELSE 'bounced' END,
              'bench',
              jsonb_build_object($2::text, ($3::text[])[1 + h.c % cardinality($3::text[])]),
              a.at, a.at,
              CASE WHEN h.o < 30 THEN $5::timestamptz - interval '1 second' * h.t END
       FROM generate_series($6::int, $7::int) AS n,
            LATERAL (SELECT abs(hashtext('s' || n)::bigint) % 1000 AS s,
                            abs(hashtext('c' || n)::bigint) AS c,
                            abs(hashtext('o' || n)::bigint) % 100 AS o,
                            abs(hashtext('t' || n)::bigint) % (90 * 86400) AS t) h,
            LATERAL (SELECT $5::timestamptz - interval '730 days' * (1 - n::float8 / $8::int) AS at) a`,
      [company.id, company.fieldId, cities, firstnames, now, from, to, count],
    );
    say(`${to.toLocaleString('en-US')} contacts`);
  }
  await db.query(
    `INSERT INTO contact_label_members (label_id, contact_id, company_id, added_at)
     SELECT $2::bigint, id, company_id, created_at FROM contacts WHERE company_id = $1 AND id % 10 = 0`,
    [company.id, company.labelId],
  );
  await db.query(
    'UPDATE contact_labels SET members = (SELECT count(*) FROM contact_label_members WHERE label_id = $1) WHERE id = $1',
    [company.labelId],
  );
}

/** The import file: `rows` addresses the big company does not have yet, with a city. */
export async function importFile(dir: string, rows: number): Promise<string> {
  const file = path.join(dir, 'audience-import.csv');
  function* lines() {
    yield 'email,firstname,lastname,city\n';
    for (let index = 1; index <= rows; index += 1) {
      yield `imported${index}@import${index % 97}.test,${firstnames[index % firstnames.length]},Imported ${index},${cities[(index * 7) % cities.length]}\n`;
    }
  }
  await pipeline(Readable.from(lines()), createWriteStream(file));
  return file;
}
