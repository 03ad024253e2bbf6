// A phone's settings say what the browser can do: over plain http (no wake lock) "Keep the
// screen on" is off and disabled with one line saying why and what the phone gets instead, a
// browser without the buzz says so too, and neither shows ticked; where they work they are
// ordinary checkboxes that keep the player's choice.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount } from 'svelte';
import PhoneOptions from '../../../../../src/renderer/src/components/table/phone/PhoneOptions.svelte';
import type { AbilityWindow } from '../../../../../src/renderer/src/lib/phone/abilities';
import { phoneSettings } from '../../../../../src/renderer/src/lib/phone/settings.svelte';
import { clearPage } from '../../../../kit/dom/page';

let app: ReturnType<typeof mount> | undefined;
afterEach(() => (app = clearPage(app)));
beforeEach(() => {
  phoneSettings.set('keepAwake', true);
  phoneSettings.set('turnAlert', true);
});

const box = (key: string) => document.querySelector<HTMLInputElement>(`[data-testid="setting-${key}"]`)!;
const why = (key: string) => document.querySelector(`[data-testid="why-${key}"]`)?.textContent ?? null;
const vibrate = () => true;

function show(win: AbilityWindow): void {
  app = mount(PhoneOptions, { target: document.body, props: { win } });
  flushSync();
}

describe('phone options', () => {
  it('over plain http: keep the screen on is off, disabled and says why; the buzz works', () => {
    show({ isSecureContext: false, navigator: { vibrate } });
    expect(box('keepAwake').checked).toBe(false);
    expect(box('keepAwake').disabled).toBe(true);
    expect(why('keepAwake')).toContain('Needs https');
    expect(why('keepAwake')).toContain('Your seat is kept for you');
    expect(box('keepAwake').getAttribute('aria-describedby')).toBe('why-keepAwake');
    expect(box('turnAlert').checked).toBe(true);
    expect(box('turnAlert').disabled).toBe(false);
    expect(why('turnAlert')).toBeNull();
    // The player's choice is kept for a page where it works.
    expect(phoneSettings.keepAwake).toBe(true);
  });

  it('a secure page without the APIs (an old browser, Safari without the buzz) says so', () => {
    show({ isSecureContext: true, navigator: {} });
    expect(box('keepAwake').checked).toBe(false);
    expect(why('keepAwake')).toContain('This browser cannot keep the screen on');
    expect(box('turnAlert').checked).toBe(false);
    expect(box('turnAlert').disabled).toBe(true);
    expect(why('turnAlert')).toContain('This browser cannot buzz');
  });

  it('where both work they are ordinary checkboxes', () => {
    show({ isSecureContext: true, navigator: { wakeLock: {}, vibrate } });
    expect(box('keepAwake').checked).toBe(true);
    expect(box('keepAwake').disabled).toBe(false);
    expect(why('keepAwake')).toBeNull();
    box('keepAwake').click();
    flushSync();
    expect(phoneSettings.keepAwake).toBe(false);
    expect(box('keepAwake').checked).toBe(false);
  });

  it('where the wake lock is there but its permission denied (the desktop app window), it says so', async () => {
    const query = vi.fn(async ({ name }: { name: string }) => ({ state: name === 'screen-wake-lock' ? 'denied' : 'granted' }));
    show({ isSecureContext: true, navigator: { wakeLock: {}, vibrate, permissions: { query } } });
    await vi.waitFor(() => expect(why('keepAwake')).toContain('Not allowed here'));
    expect(box('keepAwake').checked).toBe(false);
    expect(box('keepAwake').disabled).toBe(true);
    expect(query).toHaveBeenCalledWith({ name: 'screen-wake-lock' });
    expect(box('turnAlert').checked).toBe(true);
  });

  it('a granted (or unknown) permission leaves the option as it is', async () => {
    show({ isSecureContext: true, navigator: { wakeLock: {}, vibrate, permissions: { query: async () => ({ state: 'prompt' }) } } });
    await Promise.resolve();
    flushSync();
    expect(box('keepAwake').checked).toBe(true);
    expect(why('keepAwake')).toBeNull();
    app = clearPage(app);
    show({ isSecureContext: true, navigator: { wakeLock: {}, vibrate, permissions: { query: () => Promise.reject(new TypeError('unknown name')) } } });
    await Promise.resolve();
    flushSync();
    expect(box('keepAwake').checked).toBe(true);
  });
});
