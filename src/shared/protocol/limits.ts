// How large one message from a client may be. The host cuts off a connection that sends more
// (Socket.IO's maxHttpBufferSize), so a flood of big payloads costs it nothing; the client checks
// its own messages first, to say so instead of losing the connection.

/**
 * A game record is the largest message a player sends: a 4-player game of 490 actions is
 * about 21 kB of JSON, and the longest prolonged 6-player games stay well under this.
 */
export const MAX_MESSAGE_BYTES = 256 * 1024;

/** Room for Socket.IO's packet framing around the event name and payload. */
const FRAMING_BYTES = 64;

/** The size of `[event, payload]` as Socket.IO sends it, or null when it fits the limit. */
export function oversizedMessage(event: string, payload: unknown): number | null {
  const bytes = utf8Length(JSON.stringify([event, payload])) + FRAMING_BYTES;
  return bytes > MAX_MESSAGE_BYTES ? bytes : null;
}

/** The UTF-8 size of `text` (the protocol layer has neither Node's Buffer nor the DOM's TextEncoder). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4; // a surrogate pair: one four-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}
