// Whether the desktop app's host is open to the network, shared by every part of the window that
// shows or changes it (the join panel, the header's badge): one instance per preload bridge.
import type { ChronicleBridge, NetworkState } from '../../../shared/bridge';

export type NetworkBridge = Pick<ChronicleBridge, 'networkState' | 'setNetwork'>;

export class NetworkSwitch {
  state = $state.raw<NetworkState | null>(null);
  busy = $state(false);
  failed = $state(false);

  constructor(private readonly bridge: NetworkBridge) {
    void bridge.networkState().then((s) => (this.state ??= s));
  }

  /** Opens or closes the network; `always` also changes the "open at every start" setting. */
  async change(open: boolean, always = this.state?.always): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.failed = false;
    try {
      this.state = await this.bridge.setNetwork(always === undefined ? { open } : { open, always });
    } catch {
      this.failed = true;
    } finally {
      this.busy = false;
    }
  }
}

const switches = new WeakMap<NetworkBridge, NetworkSwitch>();

export function networkSwitch(bridge: NetworkBridge): NetworkSwitch {
  let s = switches.get(bridge);
  if (!s) switches.set(bridge, (s = new NetworkSwitch(bridge)));
  return s;
}
