// The system's "reduce motion" setting, changed while a page runs: happy-dom reads it from its
// device settings and tells media query listeners on a resize, as a browser tells them on a change.
import { flushSync } from 'svelte';

type Device = { prefersReducedMotion: string };

export function systemReducesMotion(on: boolean): void {
  const device = (window as unknown as { happyDOM: { settings: { device: Device } } }).happyDOM.settings.device;
  device.prefersReducedMotion = on ? 'reduce' : 'no-preference';
  window.dispatchEvent(new Event('resize'));
  flushSync();
}
