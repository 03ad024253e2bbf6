// Whether the desktop app's host is open to the network, shared by every part of the window that
// shows or changes it (the join panel, the header's badge): one instance per preload bridge.
// The main process also pushes the state when it changes by itself (the tables' mDNS status).
import { type AdvertisingStatus, parseAdvertisingStatus } from '../../../../shared/advertising';
import type { ChronicleBridge, NetworkState } from '../../../../shared/bridge';

export type NetworkBridge = Pick<ChronicleBridge, 'networkState' | 'setNetwork' | 'onNetworkState'>;

export class NetworkSwitch {
  state = $state.raw<NetworkState | null>(null);
  /** Whether the tables can be found on the network; null when the bridge sent a shape it should not. */
  advertising = $state.raw<AdvertisingStatus | null>(null);
  busy = $state(false);
  failed = $state(false);

  constructor(private readonly bridge: NetworkBridge) {
    void bridge.networkState().then((s) => {
      if (!this.state) this.show(s);
    });
    bridge.onNetworkState((s) => this.show(s));
  }

  /** Opens or closes the network; `always` also changes the "open at every start" setting. */
  async change(open: boolean, always = this.state?.always): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.failed = false;
    try {
      this.show(await this.bridge.setNetwork(always === undefined ? { open } : { open, always }));
    } catch {
      this.failed = true;
    } finally {
      this.busy = false;
    }
  }

  private show(state: NetworkState): void {
    this.state = state;
    this.advertising = parseAdvertisingStatus(state.advertising);
  }
}

const switches = new WeakMap<NetworkBridge, NetworkSwitch>();

export function networkSwitch(bridge: NetworkBridge): NetworkSwitch {
  let s = switches.get(bridge);
  if (!s) switches.set(bridge, (s = new NetworkSwitch(bridge)));
  return s;
}
