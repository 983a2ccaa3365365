import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A minimal WebSocket server side (RFC 6455) on Node's HTTP upgrade: text messages, ping/pong,
 * close, fragmented messages; no extensions. Enough for a JSON-RPC stand-in, and no dependency.
 */

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const MAX_MESSAGE = 1024 * 1024;

export class WsPeer {
  private buffer = Buffer.alloc(0);
  private fragments: Buffer[] = [];
  private closed = false;
  private readonly textListeners: ((text: string) => void)[] = [];
  private readonly closeListeners: (() => void)[] = [];

  constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.receive(chunk);
    });
    socket.on('close', () => {
      this.end();
    });
    socket.on('error', () => {
      this.end();
    });
  }

  onText(listener: (text: string) => void): void {
    this.textListeners.push(listener);
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  send(text: string): void {
    if (!this.closed) this.socket.write(frame(0x1, Buffer.from(text, 'utf8')));
  }

  /** A clean close: the close frame, then the connection ends. */
  close(): void {
    if (this.closed) return;
    this.socket.write(frame(0x8, Buffer.from([0x03, 0xe8])));
    this.socket.end();
    this.end();
  }

  /** The connection cut with no close frame, as when the program dies. */
  destroy(): void {
    this.socket.destroy();
    this.end();
  }

  private end(): void {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.closeListeners) listener();
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const parsed = parseFrame(this.buffer);
      if (parsed === null) return;
      if (parsed === 'too-big') {
        this.destroy();
        return;
      }
      this.buffer = this.buffer.subarray(parsed.size);
      this.onFrame(parsed.fin, parsed.opcode, parsed.payload);
    }
  }

  private onFrame(fin: boolean, opcode: number, payload: Buffer): void {
    if (opcode === 0x8) {
      this.close();
      return;
    }
    if (opcode === 0x9) {
      this.socket.write(frame(0xa, payload));
      return;
    }
    if (opcode !== 0x0 && opcode !== 0x1) return;
    this.fragments.push(payload);
    if (!fin) return;
    const text = Buffer.concat(this.fragments).toString('utf8');
    this.fragments = [];
    for (const listener of this.textListeners) listener(text);
  }
}

/** Answers an upgrade request, or refuses it with 400; returns the peer when accepted. */
export function acceptWebSocket(req: IncomingMessage, socket: Socket): WsPeer | null {
  const key = req.headers['sec-websocket-key'];
  if (typeof key !== 'string' || req.headers.upgrade?.toLowerCase() !== 'websocket') {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    return null;
  }
  const accept = createHash('sha1')
    .update(key + GUID)
    .digest('base64');
  socket.write(
    'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  return new WsPeer(socket);
}

function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head =
    length < 126 ? Buffer.alloc(2) : length < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x80 | opcode;
  if (length < 126) head[1] = length;
  else if (length < 65_536) {
    head[1] = 126;
    head.writeUInt16BE(length, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([head, payload]);
}

function parseFrame(
  buf: Buffer,
): { fin: boolean; opcode: number; payload: Buffer; size: number } | null | 'too-big' {
  if (buf.length < 2) return null;
  const b0 = buf[0] ?? 0;
  const b1 = buf[1] ?? 0;
  let length = b1 & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (buf.length < 4) return null;
    length = buf.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (buf.length < 10) return null;
    const big = buf.readBigUInt64BE(2);
    if (big > BigInt(MAX_MESSAGE)) return 'too-big';
    length = Number(big);
    offset = 10;
  }
  if (length > MAX_MESSAGE) return 'too-big';
  const masked = (b1 & 0x80) !== 0;
  const maskAt = offset;
  if (masked) offset += 4;
  if (buf.length < offset + length) return null;
  const payload = Buffer.from(buf.subarray(offset, offset + length));
  if (masked) {
    for (let i = 0; i < payload.length; i++)
      payload[i] = (payload[i] ?? 0) ^ (buf[maskAt + (i % 4)] ?? 0);
  }
  return { fin: (b0 & 0x80) !== 0, opcode: b0 & 0x0f, payload, size: offset + length };
}
