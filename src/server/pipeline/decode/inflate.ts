// How many bytes zlib data inflates to, counted in chunks and never held: what a PNG's image
// data or a PDF stream will cost a decoder, learnt for the price of inflating it once, and
// stopped as soon as the count passes a limit (a gibibyte of zeros costs a limit's worth).
import { constants, createInflate } from 'node:zlib';

export interface Inflated {
  /** Bytes inflated, counted up to just past the limit. */
  bytes: number;
  /** The count passed the limit (and stopped there). */
  over: boolean;
  /** The first inflated bytes, as many as were asked for. */
  head: Buffer;
}

const CHUNK = 1024 * 1024;

/** A broken or truncated stream counts what came out before the break, as a decoder would read it. */
export function countInflated(data: Uint8Array, limit: number, keep = 0): Promise<Inflated> {
  return new Promise((resolve) => {
    let bytes = 0;
    let settled = false;
    const head: Buffer[] = [];
    let kept = 0;
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: CHUNK });
    const settle = (over: boolean) => {
      if (settled) return;
      settled = true;
      if (over) inflate.destroy();
      resolve({ bytes, over, head: Buffer.concat(head) });
    };
    inflate.on('data', (chunk: Buffer) => {
      if (kept < keep) {
        head.push(chunk.subarray(0, keep - kept));
        kept += Math.min(chunk.length, keep - kept);
      }
      bytes += chunk.length;
      if (bytes > limit) settle(true);
    });
    inflate.on('error', () => settle(false));
    inflate.on('end', () => settle(false));
    inflate.end(data);
  });
}
