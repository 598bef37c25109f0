import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDnsServer } from '../../server/src/testing/test-dns.ts';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

/** The DKIM key object's keys as the reference lists them (dns only on single-key answers). */
const keyFields = [
  'id',
  'signing_domain',
  'public',
  'selector',
  'headers',
  'dkim_status',
  'is_default',
  'dkim_key_length',
];

describe.each(databases)(
  "sending domains' DKIM keys as the reference documents them, on $name",
  (database) => {
    const dns = useTestDnsServer();
    const api = useReferenceApi(database, 'conf-dkim-keys', () => ({
      config: { dnsServers: [dns.address] },
    }));
    const domain = 'keys.conformance.test';

    beforeAll(async () => {
      const created = await api.call('POST', '/sending-domains', { domain, dkim_key_length: 1024 });
      expect(created.statusCode, created.body).toBe(200);
    });

    it('GET …/dkim-keys: 200 with the default key first, no dates on it, and total_count', async () => {
      const body = expectResults(await api.call('GET', `/sending-domains/${domain}/dkim-keys`), 200);
      expect(body.total_count).toBe(1);
      const [first] = body.results;
      for (const key of keyFields) expect(first).toHaveProperty(key);
      expect(first).toMatchObject({ id: 'default', is_default: true, dkim_key_length: 1024 });
      expect(first).not.toHaveProperty('created_at');
      expect(first).not.toHaveProperty('dns');
    });

    it('POST …/dkim-keys generates a key pair: 200 with the key object and its DNS record', async () => {
      const body = expectResults(
        await api.call('POST', `/sending-domains/${domain}/dkim-keys`, {
          id: 'marketing',
          signing_domain: `mkt.${domain}`,
          headers: 'from:to:subject:date',
        }),
        200,
        [...keyFields, 'created_at', 'updated_at', 'dns'],
      );
      expect(body.results).toMatchObject({
        id: 'marketing',
        signing_domain: `mkt.${domain}`,
        dkim_status: 'unverified',
        is_default: false,
        dkim_key_length: 2048,
      });
      expect(body.results.dns).toEqual({
        dkim_record: `${body.results.selector}._domainkey.mkt.${domain}`,
        dkim_value: `v=DKIM1; k=rsa; h=sha256; p=${body.results.public}`,
      });
    });

    it('POST …/dkim-keys with the caller’s own keys: 200, the selector given', async () => {
      const pair = generateKeyPairSync('rsa', { modulusLength: 1024 });
      const body = expectResults(
        await api.call('POST', `/sending-domains/${domain}/dkim-keys`, {
          id: 'own_2025',
          private: pair.privateKey.export({ type: 'pkcs1', format: 'pem' }),
          public: (pair.publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64'),
          selector: 'own2025',
        }),
        200,
        ['dns'],
      );
      expect(body.results).toMatchObject({
        selector: 'own2025',
        signing_domain: domain,
        dkim_key_length: 1024,
      });
    });

    it('POST …/dkim-keys refusals: 400 1300 (exists, reserved, partial keys), 422 1400 (no id), 404 1600', async () => {
      const path = `/sending-domains/${domain}/dkim-keys`;
      const exists = expectError(await api.call('POST', path, { id: 'marketing' }), 400, '1300');
      expect(exists[0]).toMatchObject({
        message: 'invalid params',
        description: "Key ID 'marketing' already exists",
      });
      const reserved = expectError(await api.call('POST', path, { id: 'default' }), 400, '1300');
      expect(reserved[0]?.description).toBe("Key ID 'default' is reserved");
      const partial = expectError(
        await api.call('POST', path, { id: 'half', selector: 'half' }),
        400,
        '1300',
      );
      expect(partial[0]?.description).toBe(
        'When providing custom keys, private, public, and selector must all be specified',
      );
      const noId = expectError(await api.call('POST', path, {}), 422, '1400');
      expect(noId[0]).toMatchObject({ message: 'required field is missing', description: 'id is required' });
      const noDomain = expectError(
        await api.call('POST', '/sending-domains/none.conformance.test/dkim-keys', { id: 'x' }),
        404,
        '1600',
      );
      expect(noDomain[0]).toMatchObject({
        message: 'resource not found',
        description: "Domain 'none.conformance.test' does not exist",
      });
    });

    it('GET …/dkim-keys/{key_id}: 200 with dns; default is the primary key; 404 1600 for none', async () => {
      const one = expectResults(
        await api.call('GET', `/sending-domains/${domain}/dkim-keys/marketing`),
        200,
        [...keyFields, 'created_at', 'updated_at', 'dns'],
      );
      expect(one.results.id).toBe('marketing');
      const primary = expectResults(
        await api.call('GET', `/sending-domains/${domain}/dkim-keys/default`),
        200,
        ['dns'],
      );
      expect(primary.results).toMatchObject({ id: 'default', is_default: true });
      expect(primary.results).not.toHaveProperty('updated_at');
      const missing = expectError(
        await api.call('GET', `/sending-domains/${domain}/dkim-keys/autumn`),
        404,
        '1600',
      );
      expect(missing[0]?.description).toBe("DKIM key 'autumn' does not exist");
    });

    it('POST …/dkim-keys/{key_id}/verify looks the record up: invalid with dkim_error, then valid', async () => {
      const path = `/sending-domains/${domain}/dkim-keys/marketing/verify`;
      const missing = expectResults(await api.call('POST', path, {}), 200, ['id', 'dkim_status', 'dns']);
      expect(missing.results).toMatchObject({ id: 'marketing', dkim_status: 'invalid' });
      expect(missing.results.dns.dkim_error).toEqual(expect.any(String));

      const { dns: record } = (await api.call('GET', `/sending-domains/${domain}/dkim-keys/marketing`)).json()
        .results;
      dns.set(record.dkim_record, { TXT: [record.dkim_value] });
      const valid = expectResults(await api.call('POST', path, {}), 200);
      expect(valid.results).toEqual({
        id: 'marketing',
        dkim_status: 'valid',
        dns: { dkim_record: record.dkim_record, dkim_value: record.dkim_value },
      });
      const defaultKey = expectError(
        await api.call('POST', `/sending-domains/${domain}/dkim-keys/default/verify`, {}),
        400,
        '1300',
      );
      expect(defaultKey[0]?.description).toMatch(/^Cannot verify default key via this endpoint/);
    });

    it('PUT …/dkim-keys/{key_id}: 200 with the message; headers kept verified, new keys unverified; refusals', async () => {
      const path = `/sending-domains/${domain}/dkim-keys/marketing`;
      const headers = expectResults(
        await api.call('PUT', path, { headers: 'from:to:subject:date:reply-to' }),
        200,
        ['message', ...keyFields, 'dns'],
      );
      expect(headers.results).toMatchObject({
        message: 'Successfully updated DKIM key.',
        headers: 'from:to:subject:date:reply-to',
        dkim_status: 'valid',
      });
      const pair = generateKeyPairSync('rsa', { modulusLength: 1024 });
      const replaced = expectResults(
        await api.call('PUT', path, {
          private: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }),
          public: (pair.publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64'),
          selector: 'newsel2025',
        }),
        200,
      );
      expect(replaced.results).toMatchObject({ selector: 'newsel2025', dkim_status: 'unverified' });
      expect(expectError(await api.call('PUT', path, { id: 'renamed' }), 400, '1300')[0]?.description).toBe(
        "Field 'id' is immutable",
      );
      expect(expectError(await api.call('PUT', path, { public: 'MIIB' }), 400, '1300')[0]?.description).toBe(
        'When providing custom keys, private, public, and selector must all be specified',
      );
      expect(
        expectError(
          await api.call('PUT', `/sending-domains/${domain}/dkim-keys/default`, { headers: 'from' }),
          400,
          '1300',
        )[0]?.description,
      ).toMatch(/^Cannot update default key via this endpoint/);
      expectError(
        await api.call('PUT', `/sending-domains/${domain}/dkim-keys/autumn`, { headers: 'from' }),
        404,
        '1600',
      );
    });

    it('DELETE …/dkim-keys/{key_id}: 204; the default key 400 1300; then 404 1600', async () => {
      const path = `/sending-domains/${domain}/dkim-keys/own_2025`;
      expect((await api.call('DELETE', path)).statusCode).toBe(204);
      expectError(await api.call('DELETE', path), 404, '1600');
      const defaultKey = expectError(
        await api.call('DELETE', `/sending-domains/${domain}/dkim-keys/default`),
        400,
        '1300',
      );
      expect(defaultKey[0]?.description).toBe('Cannot delete default key');
    });

    it('POST /transmissions with options.dkim_key: an unverified key 400 1100, a missing one 400 1100, a verified one 200', async () => {
      const send = (key: string) =>
        api.call('POST', '/transmissions', {
          options: { dkim_key: key },
          recipients: [{ address: 'x@reader.test' }],
          content: { from: 'shop@acme.test', subject: 'Keys', text: 'Signed with a chosen key' },
        });
      const path = '/sending-domains/acme.test/dkim-keys';
      expectResults(await api.call('POST', path, { id: 'spring', dkim_key_length: 1024 }), 200);
      const unverified = expectError(await send('spring'), 400, '1100');
      expect(unverified[0]?.message).toBe("DKIM key 'spring' is not verified for sending domain 'acme.test'");
      const missing = expectError(await send('autumn'), 400, '1100');
      expect(missing[0]?.message).toBe("Invalid DKIM key ID 'autumn' for sending domain 'acme.test'");

      const { dns: record } = (await api.call('GET', `${path}/spring`)).json().results;
      dns.set(record.dkim_record, { TXT: [record.dkim_value] });
      expectResults(await api.call('POST', `${path}/spring/verify`, {}), 200);
      expectResults(await send('spring'), 200, ['total_accepted_recipients', 'id']);
    });
  },
);
