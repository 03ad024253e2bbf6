// Devices behind one address: an id the page keeps makes a device of its own, a few new ids
// per address at once and then a few an hour (a flood that makes them up gets no more); a
// client with no id, a malformed one or one past that is its address's shared device. And the
// door's order under a flood: a full door sends away the newest knock of the busiest address,
// never the knock of an address holding fewer.
import { describe, expect, it } from 'vitest';
import { ADMIT, DeviceIds, sharedDevice } from '../../../../src/main/host/guards/devices';
import { MAX_KNOCKS, TableKnocks } from '../../../../src/main/host/table/knocks';
import { manualClock } from '../../../kit/host/host';
import { deviceId } from '../../../kit/clients/devices';

describe('device ids', () => {
  it('tell devices behind one address apart, each the same every time, and share one device among those without', () => {
    const ids = new DeviceIds(manualClock());
    const mum = ids.keyOf('10.0.0.2', deviceId('mum'));
    const kid = ids.keyOf('10.0.0.2', deviceId('kid'));
    expect(mum).not.toBe(kid);
    expect(ids.keyOf('10.0.0.2', deviceId('mum'))).toBe(mum);
    expect(mum).not.toContain(deviceId('mum')); // a digest: the id stays on the device
    for (const claimed of [undefined, 42, 'short', 'x'.repeat(65), 'not an id at all!!!!!!!!']) expect(ids.keyOf('10.0.0.2', claimed)).toBe(sharedDevice('10.0.0.2'));
  });

  it('admit only so many new ids per address, then a few an hour; known ones always, other addresses unaffected', () => {
    const clock = manualClock();
    const ids = new DeviceIds(clock);
    const keys = Array.from({ length: 40 }, (_, i) => ids.keyOf('10.0.0.9', deviceId(`made${i}`)));
    expect(new Set(keys.slice(0, ADMIT.burst)).size).toBe(ADMIT.burst);
    expect(keys.slice(ADMIT.burst)).toEqual(Array(40 - ADMIT.burst).fill(sharedDevice('10.0.0.9')));
    expect(ids.keyOf('10.0.0.9', deviceId('made0'))).toBe(keys[0]); // known: still itself
    expect(ids.keyOf('10.0.0.10', deviceId('next'))).not.toBe(sharedDevice('10.0.0.10'));
    clock.t += 3_600_000;
    const later = Array.from({ length: 8 }, (_, i) => ids.keyOf('10.0.0.9', deviceId(`later${i}`)));
    expect(later.filter((k) => k !== sharedDevice('10.0.0.9'))).toHaveLength(Math.floor(ADMIT.perSecond * 3600));
  });
});

describe('the door under a flood', () => {
  const who = (address: string, device: string) => ({ address, device });

  it('keeps the knock of an address holding fewer; a full door of one knock per address turns the newcomer away', () => {
    const knocks = new TableKnocks(manualClock(), () => {});
    const friend = knocks.add('c-friend', who('10.0.1.1', 'd-friend'), 'Dana');
    expect('knock' in friend).toBe(true);
    let bumped = 0;
    // 100 addresses, three devices each (as many as an address may have waiting), one after another.
    for (let i = 0; i < 300; i++) {
      const added = knocks.add(`c${i}`, who(`10.0.2.${Math.floor(i / 3)}`, `d${i}`), 'Dana');
      if ('bumped' in added && added.bumped) bumped++;
    }
    expect(knocks.size).toBe(MAX_KNOCKS);
    expect(bumped).toBeGreaterThan(0);
    const list = knocks.list();
    expect(list[0]).toEqual({ id: 'knock' in friend && friend.knock.id, name: 'Dana', code: 'knock' in friend && friend.knock.code });
    expect(new Set(list.map((k) => k.code)).size).toBe(MAX_KNOCKS); // every code its own
    knocks.takeAll();
    for (let i = 0; i < MAX_KNOCKS; i++) knocks.add(`e${i}`, who(`10.0.3.${i}`, `e${i}`), 'Eve');
    expect(knocks.add('late', who('10.0.4.1', 'late'), 'Late')).toEqual({ refused: 'full' });
    knocks.takeAll();
  });
});
