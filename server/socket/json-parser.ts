import { Decoder, Encoder, type Packet } from 'socket.io-parser';
import { EncodedJson } from '../rooms/frame-json';

/**
 * socket.io's own packet format (socket.io-parser), written without its search for binary data.
 * The stock encoder walks every value of every outgoing payload looking for Buffers before it
 * stringifies it; our server sends JSON only (every payload is made by our own code from plain
 * data), so that walk found nothing and cost as much as a tenth of the CPU of a shot in
 * bench:capacity (each broadside/2 frame is a whole view). The text is the stock encoder's,
 * character for character (`<type>[<nsp>,][<id>]<JSON>`: the interop suite holds the SPEC dialect
 * to it); packets coming in are decoded by the stock decoder, binary included.
 */
class JsonOnlyEncoder extends Encoder {
  override encode(packet: Packet): string[] {
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id !== undefined && packet.id !== null) text += packet.id;
    if (packet.data !== undefined && packet.data !== null) text += dataJson(packet.data);
    return [text];
  }
}

/** `JSON.stringify(data)`, with an event's EncodedJson payload written as its text. */
function dataJson(data: unknown): string {
  if (Array.isArray(data) && data.length === 2 && data[1] instanceof EncodedJson) {
    return `[${JSON.stringify(data[0])},${data[1].json}]`;
  }
  return JSON.stringify(data);
}

/** The `parser` option of socket.io's Server: JSON-only encoding, the stock decoding. */
export const jsonOnlyParser = { Encoder: JsonOnlyEncoder, Decoder };
