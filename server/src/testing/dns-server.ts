import dns2 from 'dns2';

const { Packet } = dns2;

export interface MxRecord {
  exchange: string;
  priority: number;
}

/** The records of one name; a type left out answers with no records, an unknown name with NXDOMAIN. */
export interface ZoneEntry {
  A?: string[];
  AAAA?: string[];
  MX?: MxRecord[];
  /** One string per record; longer than 255 characters is split into character-strings, as published. */
  TXT?: string[];
  CNAME?: string;
}

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, as DNS_SERVERS takes it. */
  address: string;
  /** Replaces every record of `name`. */
  set(name: string, entry: ZoneEntry): void;
  remove(name: string): void;
  close(): Promise<void>;
}

const ttl = 1;

function characterStrings(text: string): string[] {
  const parts: string[] = [];
  for (let at = 0; at < text.length; at += 255) parts.push(text.slice(at, at + 255));
  return parts.length > 0 ? parts : [''];
}

function answersFor(name: string, type: number, entry: ZoneEntry): object[] {
  const base = { name, class: Packet.CLASS.IN, ttl };
  if (entry.CNAME !== undefined) return [{ ...base, type: Packet.TYPE.CNAME, domain: entry.CNAME }];
  switch (type) {
    case Packet.TYPE.A:
      return (entry.A ?? []).map((address) => ({ ...base, type, address }));
    case Packet.TYPE.AAAA:
      return (entry.AAAA ?? []).map((address) => ({ ...base, type, address }));
    case Packet.TYPE.MX:
      return (entry.MX ?? []).map((mx) => ({ ...base, type, exchange: mx.exchange, priority: mx.priority }));
    case Packet.TYPE.TXT:
      return (entry.TXT ?? []).map((text) => ({ ...base, type, data: characterStrings(text) }));
    default:
      return [];
  }
}

/**
 * UDP on a random port, then TCP on the same one (a resolver retries there when a UDP answer is
 * truncated). Another process may already hold that TCP port, so a refusal picks a new port.
 */
async function listenOnOnePort(handle: dns2.DnsHandler) {
  for (let attempt = 1; ; attempt += 1) {
    const udp = dns2.createUDPServer(handle);
    await udp.listen(0, '127.0.0.1');
    const { port } = udp.address();
    const tcp = dns2.createTCPServer(handle);
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => resolve());
      });
      return { udp, tcp, port };
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 20) throw error;
    }
  }
}

/**
 * An authoritative DNS server on loopback (UDP and TCP, one random port) serving a zone the test
 * edits while it runs: delivery and domain verification resolve through it with DNS_SERVERS.
 */
export async function startTestDnsServer(zone: Record<string, ZoneEntry> = {}): Promise<TestDnsServer> {
  const records = new Map(Object.entries(zone).map(([name, entry]) => [name.toLowerCase(), entry]));
  const handle: dns2.DnsHandler = (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    if (!question) return void send(response);
    const entry = records.get(question.name.toLowerCase());
    if (!entry) response.header.rcode = Packet.RCODE.NXDOMAIN;
    else response.answers.push(...(answersFor(question.name, question.type, entry) as never[]));
    void send(response);
  };
  const { udp, tcp, port } = await listenOnOnePort(handle);
  return {
    address: `127.0.0.1:${port}`,
    set: (name, entry) => records.set(name.toLowerCase(), entry),
    remove: (name) => records.delete(name.toLowerCase()),
    close: async () => {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
