// A LAN of network namespaces for the mDNS tests with more than two devices: a bridge inside the
// middle namespace (`<prefix>m<pid>`, address `<subnet>.254`) and one namespace per member
// (`<prefix><member><pid>`, address `<subnet>.<n>`), each joined to the bridge by a veth pair.
// Each member gets a route for multicast, as a LAN's default route gives, so a process that
// lets the system pick the mDNS interface (`chronicle host`) finds it. Nothing else is joined:
// traffic stays between them. `remove` deletes them all and never throws.
import { spawnSync } from 'node:child_process';
import { ip } from './netns';

export interface LanMember {
  readonly ns: string;
  readonly dev: string;
  readonly address: string;
}

export function mdnsLan<M extends string>(prefix: string, subnet: string, members: readonly M[]) {
  const pid = process.pid;
  const middle = { ns: `${prefix}m${pid}`, address: `${subnet}.254` };
  // Interface names: at most 15 characters.
  const links = members.map((name, i) => ({ name, ns: `${prefix}${name}${pid}`, dev: `${prefix}${i}a${pid}`, peer: `${prefix}${i}b${pid}`, address: `${subnet}.${i + 1}` }));
  const member = Object.fromEntries(links.map((l) => [l.name, { ns: l.ns, dev: l.dev, address: l.address }])) as Record<M, LanMember>;
  const remove = (): void => {
    for (const name of [middle.ns, ...links.map((l) => l.ns)]) spawnSync('ip', ['netns', 'del', name], { stdio: 'ignore' });
    for (const link of links) spawnSync('ip', ['link', 'del', link.dev], { stdio: 'ignore' });
  };
  const create = (): void => {
    ip('netns', 'add', middle.ns);
    ip('-n', middle.ns, 'link', 'add', 'br0', 'type', 'bridge', 'mcast_snooping', '0');
    ip('-n', middle.ns, 'addr', 'add', `${middle.address}/24`, 'dev', 'br0');
    ip('-n', middle.ns, 'link', 'set', 'br0', 'up');
    ip('-n', middle.ns, 'link', 'set', 'lo', 'up');
    ip('-n', middle.ns, 'route', 'add', '224.0.0.0/4', 'dev', 'br0');
    for (const link of links) {
      ip('netns', 'add', link.ns);
      ip('link', 'add', link.dev, 'type', 'veth', 'peer', 'name', link.peer);
      ip('link', 'set', link.dev, 'netns', link.ns);
      ip('link', 'set', link.peer, 'netns', middle.ns);
      ip('-n', middle.ns, 'link', 'set', link.peer, 'master', 'br0');
      ip('-n', middle.ns, 'link', 'set', link.peer, 'up');
      ip('-n', link.ns, 'addr', 'add', `${link.address}/24`, 'dev', link.dev);
      ip('-n', link.ns, 'link', 'set', 'dev', link.dev, 'multicast', 'on');
      ip('-n', link.ns, 'link', 'set', link.dev, 'up');
      ip('-n', link.ns, 'link', 'set', 'lo', 'up');
      ip('-n', link.ns, 'route', 'add', '224.0.0.0/4', 'dev', link.dev);
    }
  };
  return { middle, member, create, remove };
}
