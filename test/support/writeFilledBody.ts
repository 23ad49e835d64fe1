import type { ServerResponse } from 'node:http';

const CHUNK = new Uint8Array(64 * 1024).fill(0x61);

/**
 * Writes `bytes` of filler to a response as the reader takes it (back-pressure respected),
 * then ends it: a large document made up as it is read, never held.
 *
 * @example
 * ```ts
 * res.writeHead(200, { 'content-length': String(bytes) });
 * writeFilledBody(res, bytes);
 * ```
 */
export function writeFilledBody(res: ServerResponse, bytes: number): void {
  let sent = 0;
  const write = (): void => {
    while (sent < bytes) {
      sent += CHUNK.byteLength;
      if (!res.write(CHUNK)) {
        res.once('drain', write);
        return;
      }
    }
    res.end();
  };
  write();
}
