// The host's Socket.IO parser: the default one, except that an event's argument serialised
// ahead (json-text.ts) goes out as its text. What is written is what Socket.IO's own encoder
// would write (`2["game:view",{…},[…]]`), so clients use the default parser.
import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';
import { JsonText } from '../wire/json-text';

/** Socket.IO's encoder, which writes a JsonText argument of an event as its text. */
class WireEncoder extends Encoder {
  override encode(packet: Packet): (string | Buffer)[] {
    const data: unknown = packet.data;
    if (packet.type !== PacketType.EVENT || !Array.isArray(data) || !data.some((d) => d instanceof JsonText)) return super.encode(packet);
    // Events with a JsonText never carry binary: the rest of the packet as the default encoder writes it.
    const nsp = packet.nsp && packet.nsp !== '/' ? `${packet.nsp},` : '';
    const args = data.map((d) => (d instanceof JsonText ? d.text : JSON.stringify(d)));
    return [`${PacketType.EVENT}${nsp}${packet.id ?? ''}[${args.join(',')}]`];
  }
}

/** The `parser` option of the host's Socket.IO server. */
export const wireParser = { Encoder: WireEncoder, Decoder };
