import { describe, expect, it } from 'vitest';
import { databases } from '../../testing/databases.ts';
import { useRecipientValidation } from '../../testing/recipient-validation-suite.ts';

describe.each(databases)('recipient validation on $name', (database) => {
  const { single, state } = useRecipientValidation(database);

  it('answers a deliverable address as SparkPost does, with only the fields of that case', async () => {
    const answer = await single('jane@acme.test');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      results: {
        valid: true,
        result: 'valid',
        is_role: false,
        is_disposable: false,
        is_free: false,
        delivery_confidence: 85,
      },
    });
    expect((await single('someone@gmail.com')).json().results).toMatchObject({
      result: 'valid',
      is_free: true,
    });
    // A slash is a valid local-part character, sent %-encoded in the path.
    expect((await single('jane/sales@acme.test')).json().results).toMatchObject({ result: 'valid' });
  });

  it('finds a domain without mail undeliverable: null MX (RFC 7505) and no DNS at all', async () => {
    const undeliverable = {
      valid: false,
      result: 'undeliverable',
      reason: 'Invalid Domain',
      is_role: false,
      is_disposable: false,
      is_free: false,
      delivery_confidence: 0,
    };
    expect((await single('jane@nullmx.test')).json().results).toEqual(undeliverable);
    expect((await single('jane@nodns.test')).json().results).toEqual(undeliverable);
    // MX hosts without an address lead nowhere either.
    expect((await single('jane@nowhere.test')).json().results).toEqual(undeliverable);
    // No MX but an address: mail may still go there (implicit MX), less surely.
    expect((await single('jane@aonly.test')).json().results).toMatchObject({
      valid: true,
      result: 'neutral',
      delivery_confidence: 60,
    });
  });

  it('flags disposable, role and free addresses', async () => {
    expect((await single('throwaway@mailinator.com')).json().results).toMatchObject({
      valid: true,
      result: 'risky',
      is_disposable: true,
    });
    const role = (await single('sales@acme.test')).json().results;
    expect(role).toMatchObject({ valid: true, result: 'neutral', is_role: true, is_disposable: false });
    expect(role.delivery_confidence).toBeLessThan(85);
  });

  it('suggests the provider a misspelt domain that takes no mail stands for', async () => {
    const typo = (await single('jane@gmial.com')).json().results;
    expect(typo).toMatchObject({
      valid: false,
      result: 'typo',
      reason: 'Invalid Domain',
      is_role: false,
      is_disposable: false,
      did_you_mean: 'jane@gmail.com',
      delivery_confidence: 0,
    });
    expect((await single('user@gmial.com')).json().results.did_you_mean).toBe('user@gmail.com');
    // A domain that takes mail is taken as meant, however close to a provider's name.
    expect((await single('jane@acme.test')).json().results).not.toHaveProperty('did_you_mean');
  });

  it('validates an internationalized address against its punycode domain', async () => {
    expect((await single('用户@例子.测试')).json().results).toMatchObject({ valid: true, result: 'valid' });
    expect((await single('用户@例子.无此')).json().results).toMatchObject({
      result: 'undeliverable',
      reason: 'Invalid Domain',
    });
  });

  it('answers malformed input as Invalid Syntax, not as an error', async () => {
    for (const address of ['not-an-address', 'two@at@acme.test', '@acme.test', 'jane@', 'a..b@acme.test']) {
      const answer = await single(address);
      expect(answer.statusCode, address).toBe(200);
      expect(answer.json().results, address).toMatchObject({
        valid: false,
        result: 'undeliverable',
        reason: 'Invalid Syntax',
        delivery_confidence: 0,
      });
    }
  });

  it('needs the recipient-validation/manage grant', async () => {
    const { a } = state();
    const refused = await single('jane@acme.test', a.key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].description).toBe(
      'this API key lacks the recipient-validation/manage grant',
    );
  });
});
