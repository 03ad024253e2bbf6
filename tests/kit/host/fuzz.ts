// Hostile input: payloads of every wrong shape for the handlers, and raw Engine.IO/Socket.IO
// frames (valid, mutated, garbage, oversized, deeply nested) sent over a bare WebSocket.
import WebSocket from 'ws';
import { BotRng } from '../../../src/shared/bots/prng';

/** Payloads no handler may choke on (each is JSON-encodable, so it reaches the handler). */
export function badPayloads(): unknown[] {
  const deepArray = JSON.parse('['.repeat(3000) + ']'.repeat(3000)) as unknown;
  const deepObject = JSON.parse('{"a":'.repeat(1200) + '1' + '}'.repeat(1200)) as unknown;
  const manyKeys = Object.fromEntries(Array.from({ length: 800 }, (_, i) => [`k${i}`, i]));
  return [
    null,
    0,
    -1,
    1e308,
    'x',
    '',
    true,
    [],
    [null, 1, 'a'],
    { a: 1 },
    JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
    { constructor: { prototype: { polluted: true } } },
    'x'.repeat(15_000),
    deepArray,
    deepObject,
    manyKeys,
    { tableId: 123, name: {}, token: [], seat: '1' },
    { tableId: 'A'.repeat(8), name: 'x'.repeat(1000) },
    { seat: 99 },
    { seat: -1 },
    { seat: 1.5 },
    { action: { play: 5 }, seq: 'x', version: -1 },
    { action: { play: 'king', seat: 9 }, seq: 1, version: 0 },
    { action: { choose: null }, seq: 1, version: 0 },
    { action: { play: 'king' }, seq: Number.MAX_SAFE_INTEGER + 2, version: 0 },
    { action: { play: 'king' }, seq: 0, version: 0 },
    { name: 'x', players: 4, playerName: 'y', options: { themeCardOpens: 'yes' } },
  ];
}

const SEED_FRAMES = [
  '42["table:list",{}]',
  '420["table:list",null]',
  '421["table:join",{"tableId":"AAAAAAAAAAAA","name":"x"}]',
  '422["game:act",{"action":{"play":"king"},"seq":1,"version":0}]',
  '42["game:act",null]',
  '423["table:resume",{"tableId":"AAAAAAAAAAAA","token":"x"}]',
  '42["seat:giveToBot",{"seat":1}]',
  '42["nope",1,2,3]',
  '451-["game:act",{"_placeholder":true,"num":0}]',
  '452-0["table:create",{"_placeholder":true,"num":"toString"}]',
  '43["x"]',
  '44{"message":"x"}',
  '40',
  '41',
  '2',
  '3',
  '5',
  '6',
  '42["__proto__",{"__proto__":{"polluted":1}}]',
];
const NOISE = '[]{}",:0123456789-_abcxyz\u0000\n\\\uffff\u2028 ';

/** The frames of a fuzz run, from a seed. */
export function* fuzzFrames(seed: number): Generator<string | Buffer> {
  const rng = new BotRng(seed);
  for (;;) {
    const kind = rng.below(100);
    const seedFrame = rng.pick(SEED_FRAMES);
    if (kind < 30) yield seedFrame;
    else if (kind < 80) yield mutate(seedFrame, rng);
    else if (kind < 90) yield Array.from({ length: rng.below(200) }, () => String.fromCharCode(rng.below(0x3000))).join('');
    else if (kind < 94) yield Buffer.from(Array.from({ length: rng.below(64) }, () => rng.below(256)));
    else if (kind < 97) yield `42["table:join",${'['.repeat(4000)}${']'.repeat(4000)}]`;
    else yield `42["table:list","${'x'.repeat(20_000)}"]`; // over the 16 KiB cap
  }
}

function mutate(frame: string, rng: BotRng): string {
  let s = frame;
  for (let n = 1 + rng.below(4); n > 0; n--) {
    const at = rng.below(s.length + 1);
    switch (rng.below(4)) {
      case 0:
        s = s.slice(0, at) + s.slice(at + 1 + rng.below(3));
        break;
      case 1:
        s = s.slice(0, at) + NOISE[rng.below(NOISE.length)] + s.slice(at);
        break;
      case 2:
        s = s.slice(0, at) + s.slice(at).replace(/[[\]{}]/, () => rng.pick(['[', ']', '{', '}', '"', '']));
        break;
      default:
        s = s.slice(0, at) + s.slice(rng.below(s.length + 1));
    }
  }
  return s;
}

/** A bare WebSocket that has done the Engine.IO and Socket.IO handshakes (or failed to). */
export async function rawConnection(url: string): Promise<WebSocket | null> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(null), 2000);
    const done = (v: WebSocket | null) => {
      clearTimeout(timer);
      if (!v) ws.terminate();
      resolve(v);
    };
    ws.on('error', () => done(null));
    ws.on('close', () => done(null));
    ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('0{')) ws.send('40');
      else if (text.startsWith('40')) done(ws);
      else if (text === '2') ws.send('3');
    });
  });
}

/** Sends `count` fuzz frames over as many connections as the host cuts; returns how many went out open. */
export async function fuzz(url: string, count: number, seed: number): Promise<{ sent: number; connections: number }> {
  const frames = fuzzFrames(seed);
  let sent = 0;
  let connections = 0;
  while (sent < count) {
    const ws = await rawConnection(url);
    if (!ws) continue;
    connections++;
    while (sent < count && ws.readyState === WebSocket.OPEN) {
      ws.send(frames.next().value);
      sent++;
      await new Promise((r) => setImmediate(r)); // lets the host read it (and cut us off) before the next
    }
    ws.terminate();
  }
  return { sent, connections };
}
