// The host's Socket.IO parser: a view serialised ahead goes on the wire exactly as Socket.IO's
// own encoder would write the view itself, so the default parser of every client reads it.
import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { JsonText } from '../../../../src/main/host/wire/json-text';
import { wireParser } from '../../../../src/main/host/transport/wire';
import { startGame } from '../../../kit/game/playout';
import { viewFor } from '../../../../src/shared/rules/view';
import { seatOf } from '../../../../src/shared/ids';

function decoded(text: string): Packet {
  const decoder = new Decoder();
  let out: Packet | null = null;
  decoder.on('decoded', (p: Packet) => (out = p));
  decoder.add(text);
  if (!out) throw new Error(`not decoded: ${text}`);
  return out;
}

describe('the host wire encoder', () => {
  const view = viewFor(startGame(6, 'wire'), seatOf(2));
  const batches = [{ version: 0, events: [{ type: 'note', text: 'quote " and \u2028' }] }];

  it('writes a view serialised ahead as the default encoder writes the view', () => {
    for (const nsp of ['/', '/admin']) {
      const plain: Packet = { type: PacketType.EVENT, nsp, data: ['game:view', view, batches] };
      const ahead: Packet = { type: PacketType.EVENT, nsp, data: ['game:view', JsonText.of(view), batches] };
      const expected = new Encoder().encode(plain);
      const written = new wireParser.Encoder().encode(ahead);
      expect(written).toEqual(expected);
      expect(decoded(written[0] as string).data).toEqual(['game:view', view, batches]);
    }
  });

  it('leaves every other packet to the default encoder, acknowledgements and binary included', () => {
    const encoder = new wireParser.Encoder();
    for (const packet of [
      { type: PacketType.EVENT, nsp: '/', data: ['table:updated', { id: 'x' }] },
      { type: PacketType.ACK, nsp: '/', id: 7, data: [{ ok: true }] },
      { type: PacketType.EVENT, nsp: '/', id: 3, data: ['blob', Buffer.from([1, 2, 3])] },
      { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } },
    ] satisfies Packet[]) {
      expect(encoder.encode(packet)).toEqual(new Encoder().encode(packet));
    }
  });
});
