import { describe, expect, it } from 'vitest';
import { signUp } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

const answers = {
  role: 'Developer',
  sends: ['Transactional notifications', 'One-time passwords and verification codes'],
  monthlyVolume: '10,000 to 100,000 emails',
  heardFrom: 'Search engine',
};

describe.each(databases)('on-boarding survey on $name', (database) => {
  const t = useTestApp(database);

  it('stores the answers with the company and sets surveyCompletion', async () => {
    const { token } = await signUp(t.app, t.db, 'survey', 'Survey Co');
    const saved = await t.post('/v1/on-boarding/survey', token, answers);
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data.tour).toMatchObject({ surveyCompletion: true, sandboxWelcome: false });
    expect((await t.getData('/v1/on-boarding/product-tour', token)).surveyCompletion).toBe(true);

    const rows = await t.db.query<{ name: string; role: string; sends: string[]; monthly_volume: string }>(
      `SELECT c.name, s.role, s.sends, s.monthly_volume FROM onboarding_surveys s
       JOIN companies c ON c.id = s.company_id WHERE s.id = $1`,
      [saved.json().data.id],
    );
    expect(rows).toEqual([
      { name: 'Survey Co', role: 'Developer', sends: answers.sends, monthly_volume: answers.monthlyVolume },
    ]);
  });

  it('validates the answers and keeps the flag unset', async () => {
    const { token } = await signUp(t.app, t.db);
    const cases: [object, string][] = [
      [{ role: 'Pirate' }, 'role'],
      [{ sends: [] }, 'sends'],
      [{ sends: ['Spam'] }, 'sends'],
      [{ sends: ['Newsletters', 'Newsletters'] }, 'sends'],
      [{ monthlyVolume: 'lots' }, 'monthlyVolume'],
      [{ heardFrom: undefined }, 'heardFrom'],
      [{ companyId: 'x' }, 'companyId'],
    ];
    for (const [body, field] of cases) {
      const response = await t.post('/v1/on-boarding/survey', token, { ...answers, ...body });
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ code: 'validation' });
    }
    expect((await t.getData('/v1/on-boarding/product-tour', token)).surveyCompletion).toBe(false);
  });

  it('needs a login', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/on-boarding/survey', payload: answers });
    expect(response.statusCode).toBe(401);
  });
});
