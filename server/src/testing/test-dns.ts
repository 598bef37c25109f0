import { afterAll, beforeAll } from 'vitest';
import { startTestDnsServer, type TestDnsServer, type ZoneEntry } from './dns-server.ts';

/**
 * A test DNS server for the tests of the calling describe, started before them (before the hooks
 * registered after this call, such as useTestApp's, so its options may read `address`) and closed
 * after them. Read it inside hooks and tests only.
 */
export function useTestDnsServer(zone: Record<string, ZoneEntry> = {}): TestDnsServer {
  let server: TestDnsServer | undefined;
  beforeAll(async () => {
    server = await startTestDnsServer(zone);
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = (): TestDnsServer => {
    if (!server) throw new Error('the test DNS server starts in beforeAll: use it inside hooks and tests');
    return server;
  };
  return {
    get address() {
      return started().address;
    },
    set: (name, entry) => started().set(name, entry),
    remove: (name) => started().remove(name),
    close: () => started().close(),
  };
}
