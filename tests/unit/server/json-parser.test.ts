import { Encoder, PacketType, type Packet } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { EncodedJson } from '../../../server/rooms/frame-json';
import { jsonOnlyParser } from '../../../server/socket/json-parser';

/* The server's socket.io encoder writes what the stock one writes for every JSON packet. */

const view = { status: 'PLAY', playerBoats: ['SSHEEEEEEE'], members: [{ userId: 'u', hasToPlay: true, bot: null }] };
const packets: Packet[] = [
  { type: PacketType.CONNECT, nsp: '/room', data: { sid: 'abc' } },
  { type: PacketType.CONNECT, nsp: '/' },
  { type: PacketType.CONNECT_ERROR, nsp: '/room', data: { message: 'UNAUTHORIZED' } },
  { type: PacketType.EVENT, nsp: '/room', data: ['state', { seq: 3, view }] },
  { type: PacketType.EVENT, nsp: '/', data: ['members', []] },
  { type: PacketType.EVENT, nsp: '/room', data: ['gameStatus', 'PLAY'], id: 12 },
  { type: PacketType.ACK, nsp: '/room', data: ['H'], id: 0 },
  { type: PacketType.ACK, nsp: '/room', data: [null], id: 7 },
  { type: PacketType.ACK, nsp: '/room', data: [{ error: 'NOT_YOUR_TURN', message: 'Wait “your” turn' }], id: 41 },
  { type: PacketType.DISCONNECT, nsp: '/room' },
];

describe('jsonOnlyParser', () => {
  it('encodes every JSON packet exactly as socket.io-parser does', () => {
    const ours = new jsonOnlyParser.Encoder();
    const stock = new Encoder();
    for (const packet of packets) expect(ours.encode(packet)).toEqual(stock.encode(packet));
  });

  it('writes a payload already encoded (EncodedJson) as its text: what the stock encoder writes for the value', () => {
    const ours = new jsonOnlyParser.Encoder();
    const stock = new Encoder();
    const payload = { seq: 3, view };
    const encoded: Packet = {
      type: PacketType.EVENT,
      nsp: '/room',
      data: ['state', new EncodedJson(JSON.stringify(payload))],
    };
    expect(ours.encode(encoded)).toEqual(stock.encode({ ...encoded, data: ['state', payload] }));
    // Stringified anywhere else, it is still the value.
    expect(JSON.stringify(encoded.data)).toBe(JSON.stringify(['state', payload]));
  });

  it('decodes with the stock decoder', () => {
    const decoder = new jsonOnlyParser.Decoder();
    const seen: Packet[] = [];
    decoder.on('decoded', (packet: Packet) => seen.push(packet));
    decoder.add('2/room,5["shoot",{"x":1,"y":2}]');
    expect(seen).toEqual([{ type: PacketType.EVENT, nsp: '/room', id: 5, data: ['shoot', { x: 1, y: 2 }] }]);
  });
});
