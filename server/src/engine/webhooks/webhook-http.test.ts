import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../net/address-policy.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { TargetRefused } from './target-address.ts';
import { createWebhookHttp } from './webhook-http.ts';

describe('webhook HTTP client', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('connects only to the address it checked: a name rebinding to loopback is never reached', async () => {
    // 127.0.0.2 stands in for a public address (allow-listed); the receiver on 127.0.0.1 is the private
    // target a rebinding resolver answers on every later look-up. Nothing leaves the machine.
    const allowed = http.createServer((_request, response) => response.end('OK'));
    await new Promise<void>((resolve) => allowed.listen(receiver.port, '127.0.0.2', resolve));
    const lookups: string[] = [];
    const resolve = async (host: string) => {
      lookups.push(host);
      return lookups.length === 1 ? ['127.0.0.2'] : ['127.0.0.1'];
    };
    const client = createWebhookHttp({
      resolve,
      policy: createAddressPolicy(['127.0.0.2/32']),
      timeoutMs: 1_000,
    });
    const url = new URL(`http://rebind.test:${receiver.port}/hook`);
    // One look-up, and the connection goes to the address it checked.
    expect((await client.post(url, '[]', {})).status).toBe(200);
    expect(lookups).toEqual(['rebind.test']);
    // The next look-up answers the private address: refused before connecting.
    await expect(client.post(url, '[]', {})).rejects.toBeInstanceOf(TargetRefused);
    expect(receiver.posts).toEqual([]);
    client.close();
    allowed.closeAllConnections();
    await new Promise<void>((resolve) => allowed.close(() => resolve()));
  });

  it('does not follow redirects, refuses other schemes and gives up after its timeout', async () => {
    const http = createWebhookHttp({
      resolve: async () => ['127.0.0.1'],
      policy: createAddressPolicy(['127.0.0.0/8']),
      timeoutMs: 300,
    });
    receiver.respond(() => ({ status: 302, body: '' }));
    const redirected = await http.post(new URL(`http://hooks.test:${receiver.port}/moved`), '[]', {});
    expect(redirected.status).toBe(302);
    expect(receiver.posts.map((post) => post.path)).toEqual(['/moved']);
    await expect(http.post(new URL('ftp://hooks.test/x'), '[]', {})).rejects.toBeInstanceOf(TargetRefused);
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    await expect(http.post(new URL(`http://hooks.test:${port}/`), '[]', {})).rejects.toThrow(
      'no answer within 0.3 s',
    );
    http.close();
    silent.close();
  });
});
