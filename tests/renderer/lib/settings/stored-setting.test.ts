// The one helper for this browser's settings in localStorage: what is stored comes back
// through its codec; a damaged or unknown entry, or storage that refuses (private mode, full),
// leaves the fallback, and saving never throws.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLAG, json, oneOf, storedSetting } from '../../../../src/renderer/src/lib/settings/stored-setting';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('a stored setting', () => {
  it('keeps a choice and reads it back; cleared, the fallback holds', () => {
    const speed = storedSetting('test.speed', oneOf(['slow', 'fast'] as const), () => 'slow' as const);
    expect(speed.load()).toBe('slow');
    speed.save('fast');
    expect(localStorage.getItem('test.speed')).toBe('fast');
    expect(speed.load()).toBe('fast');
    speed.clear();
    expect(speed.load()).toBe('slow');
  });

  it('takes a damaged or unknown entry as none', () => {
    localStorage.setItem('test.speed', 'warp');
    expect(storedSetting('test.speed', oneOf(['slow', 'fast'] as const), () => 'slow' as const).load()).toBe('slow');
    localStorage.setItem('test.list', '{damaged');
    expect(
      storedSetting(
        'test.list',
        json((v) => (Array.isArray(v) ? v : undefined)),
        () => ['none'],
      ).load(),
    ).toEqual(['none']);
    localStorage.setItem('test.list', '{"not":"a list"}');
    expect(
      storedSetting(
        'test.list',
        json((v) => (Array.isArray(v) ? v : undefined)),
        () => ['none'],
      ).load(),
    ).toEqual(['none']);
  });

  it('keeps the fallback when storage refuses, and saving does not throw', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const flag = storedSetting('test.flag', FLAG, () => true);
    expect(flag.load()).toBe(true);
    expect(() => flag.save(false)).not.toThrow();
  });
});
