// What a real host runs beside its tables, wired the same way for `chronicle host` and the
// desktop app: bots thinking in worker threads (so a Master never stalls the tables or the
// window), hints and replay analyses from the Master (in the same pool), and the mDNS advertiser.
// The mDNS stack is loaded only when it is wanted (never with `chronicle host --no-mdns`).
import { createBotPool } from '../bots/pool';
import { poolPolicy } from '../bots/pool-policy';
import type { Advertiser } from './tables/advertiser';
import type { HostOptions } from './create-host';

export interface HostServicesOptions {
  /** The advertiser: bonjour-service unless given one, none when false. */
  readonly discovery?: Advertiser | false;
  /** One line per problem of the bot pool or the mDNS stack (default: none). */
  readonly warn?: (source: 'bots' | 'discovery', message: string) => void;
}

export interface HostServices {
  /** What createHost takes from them. */
  readonly hostOptions: Pick<HostOptions, 'botPolicy' | 'hint' | 'analyse' | 'discovery'>;
  /**
   * Loads the bots' workers. Call it once the host answers: started with the pool, their
   * loading would compete with the host's own start for the CPU. Until then (or without it)
   * each worker starts at its first request.
   */
  warmUp(): void;
  /** The mDNS advertiser (its status says whether the tables are on the network); none with `discovery: false`. */
  readonly advertiser: Advertiser | undefined;
  /** Stops the bots and the advertiser (the host stops the advertiser too when it closes). */
  close(): Promise<void>;
}

export async function startHostServices(options: HostServicesOptions = {}): Promise<HostServices> {
  const warn = options.warn ?? (() => {});
  const discovery =
    options.discovery === false
      ? undefined
      : (options.discovery ??
        (await import('../discovery/bonjour-advertiser')).createBonjourDiscovery({ log: (level, m) => (level === 'warn' ? warn('discovery', m) : undefined) }));
  const pool = createBotPool({ onProblem: (m) => warn('bots', m) });
  return {
    advertiser: discovery,
    hostOptions: { botPolicy: poolPolicy(pool), hint: (view) => pool.hint(view), analyse: (record, version) => pool.analyse(record, version), discovery },
    warmUp: () => pool.start(),
    close: async () => {
      await Promise.all([discovery?.close(), pool.close()]);
    },
  };
}
