// A fake mDNS stack (no sockets) for the discovery unit tests: what was probed and published,
// names some other device holds (`taken`), publish failures, the network key to change. Incoming
// responses: `stack.emit('response', packet, sender)`, as multicast-dns emits them.
import { EventEmitter } from 'node:events';
import type { ServiceConfig } from 'bonjour-service';
import type { BrowsedService, MdnsRecord, MdnsStack, MdnsStackFactory, ServiceBrowser } from '../../../src/main/discovery/mdns-stack';
import type { DiscoveryLogLevel } from '../../../src/main/discovery/discovery';

/** This host's address in the fake network (the default network key's). */
export const FAKE_ADDRESS = '10.0.0.5';

export class FakeService extends EventEmitter {
  stopped = 0;
  /** What bonjour-service would announce: PTR, SRV, TXT (`key=value` strings), the host's A. */
  readonly records: MdnsRecord[];
  constructor(readonly config: ServiceConfig) {
    super();
    const fqdn = `${config.name}._${config.type}._${config.protocol ?? 'tcp'}.local`;
    const host = config.host ?? 'fake-host.local';
    this.records = [
      { name: `_${config.type}._${config.protocol ?? 'tcp'}.local`, type: 'PTR', ttl: 28800, data: fqdn },
      { name: fqdn, type: 'SRV', ttl: 120, data: { port: config.port, target: host } },
      { name: fqdn, type: 'TXT', ttl: 4500, data: Object.entries(config.txt ?? {}).map(([k, v]) => Buffer.from(`${k}=${String(v)}`)) },
      { name: host, type: 'A', ttl: 120, data: FAKE_ADDRESS },
    ];
  }
  stop(callback?: (err?: unknown) => void): void {
    this.stopped++;
    queueMicrotask(() => callback?.());
  }
}

export class FakeBrowser extends EventEmitter implements ServiceBrowser {
  services: BrowsedService[] = [];
  queries = 0;
  stopped = false;
  update(): void {
    this.queries++;
  }
  stop(): void {
    this.stopped = true;
  }
}

export class FakeStack extends EventEmitter implements MdnsStack {
  readonly services: FakeService[] = [];
  readonly browsers: FakeBrowser[] = [];
  unpublishedAll = false;
  destroyed = false;
  failPublish = false;
  /** Names some other device answers for: probes of them come back taken. */
  readonly taken = new Set<string>();
  readonly probes: string[][] = [];
  /** What was multicast with `respond` (names defended). */
  readonly responses: MdnsRecord[][] = [];
  constructor(readonly onError: (err: unknown) => void) {
    super();
  }
  /** The error the next probes' queries fail to be sent with (none: they are sent). */
  sendError: Error | null = null;
  probe(names: readonly string[], callback: (taken: string[], sendError?: unknown) => void): void {
    this.probes.push([...names]);
    const error = this.sendError ?? undefined;
    queueMicrotask(() =>
      callback(
        names.filter((n) => this.taken.has(n)),
        error,
      ),
    );
  }
  publish(config: ServiceConfig): FakeService {
    if (this.failPublish) throw new Error('publish exploded');
    const s = new FakeService(config);
    this.services.push(s);
    return s;
  }
  respond(records: readonly MdnsRecord[], callback: (err?: unknown) => void): void {
    this.responses.push([...records]);
    queueMicrotask(() => callback());
  }
  unpublishAll(callback: (err?: unknown) => void): void {
    this.unpublishedAll = true;
    queueMicrotask(() => callback());
  }
  find(): FakeBrowser {
    const b = new FakeBrowser();
    this.browsers.push(b);
    return b;
  }
  destroy(callback: () => void): void {
    this.destroyed = true;
    queueMicrotask(callback);
  }
}

export function fakes() {
  const stacks: FakeStack[] = [];
  const logs: { level: DiscoveryLogLevel; message: string }[] = [];
  let key = `eth0/${FAKE_ADDRESS}`;
  const createStack: MdnsStackFactory = (_options, onError) => {
    const s = new FakeStack(onError);
    stacks.push(s);
    return s;
  };
  return {
    stacks,
    logs,
    last: () => stacks[stacks.length - 1]!,
    setNetwork: (k: string) => (key = k),
    options: {
      createStack,
      networkKey: () => key,
      networkPollMs: 1000,
      log: (level: DiscoveryLogLevel, message: string) => logs.push({ level, message }),
    },
  };
}
