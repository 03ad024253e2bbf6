// The client's own size check counts what goes on the wire: UTF-8 bytes, not characters.
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, oversizedMessage } from '../../../src/shared/protocol/limits';

describe('oversizedMessage', () => {
  it('lets through what fits and gives the size of what does not', () => {
    expect(oversizedMessage('table:list', {})).toBeNull();
    const payload = { record: 'x'.repeat(MAX_MESSAGE_BYTES) };
    expect(oversizedMessage('replay:open', payload)).toBeGreaterThan(Buffer.byteLength(JSON.stringify(['replay:open', payload])));
  });

  it('counts accented letters, Hungarian names and emoji by their UTF-8 bytes', () => {
    for (const text of ['é', 'ő', '♛', '🂡']) {
      // Just under the cap in characters, over it in bytes.
      const payload = { name: text.repeat(Math.ceil(MAX_MESSAGE_BYTES / Buffer.byteLength(text)) + 1) };
      const bytes = Buffer.byteLength(JSON.stringify(['table:list', payload]));
      expect(oversizedMessage('table:list', payload), text).toBeGreaterThan(bytes);
      expect(oversizedMessage('table:list', payload)! - bytes, `${text}: only the framing added`).toBeLessThan(100);
    }
  });
});
