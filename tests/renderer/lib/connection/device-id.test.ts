// This browser's device id: made once, 128 random bits in the form the host takes, and the
// same at every later page load; a damaged entry is replaced by a new id.
import { afterEach, describe, expect, it } from 'vitest';
import { deviceId } from '../../../../src/renderer/src/lib/connection/device-id';
import { DEVICE_ID } from '../../../../src/shared/protocol/device-id';

afterEach(() => localStorage.clear());

describe('the device id', () => {
  it('is made once, as the host takes it, and kept', () => {
    const id = deviceId();
    expect(id).toMatch(DEVICE_ID);
    expect(id).toHaveLength(22);
    expect(deviceId()).toBe(id);
    localStorage.clear();
    expect(deviceId()).not.toBe(id); // another browser, another id
  });

  it('replaces a damaged entry', () => {
    localStorage.setItem('chronicle.device', 'short');
    const id = deviceId();
    expect(id).toMatch(DEVICE_ID);
    expect(localStorage.getItem('chronicle.device')).toBe(id);
  });
});
