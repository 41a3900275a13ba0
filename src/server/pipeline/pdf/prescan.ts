// The pre-scan: a PDF's own bytes read once, before pdfjs or pdf-lib see them, to refuse what
// would cost far more than a receipt can need (budget.ts): streams that decode to more than
// their share (counted, never held), images whose dictionary or codec header claims too many
// pixels, too many pages or objects, objects nested too deep, a page tree that loops.
// It refuses only on evidence it found. What it cannot see (an encrypted stream, a filter it
// does not count, a stream whose length hides part of it) is left to the reader's process,
// whose time and memory are limited apart from this (pool.ts).
import { isCodedError } from '../errors.ts';
import type { PdfBudget } from './budget.ts';
import { countInflated, type Inflated } from '../decode/inflate.ts';
import { countLzw, countRunLength, decodeAscii85, decodeAsciiHex, inflateWithin } from './filters.ts';
import { jbig2Size, jpegSize, jpxSize, type PixelSize } from './image-headers.ts';
import { pdfImageTooLarge, pdfTooComplex, pdfTooManyPages, pdfTooMuchData, unreadablePdf } from './refusals.ts';
import { isDict, isKeyword, isName, isRef, NestingError, PdfLexer, type PdfDict, type PdfValue } from './syntax.ts';

export interface PrescanReport {
  objects: number;
  streams: number;
  /** Pages found by walking the page tree (null when the tree could not be walked). */
  pages: number | null;
  /** Inflated bytes counted: streams, and images at their decoded size. */
  decodedBytes: number;
  images: number;
  largestImagePixels: number;
}

interface StreamAt {
  dict: PdfDict;
  start: number;
  end: number;
}

/** The first decoded bytes kept of an image stream whose codec's header must be read. */
const HEADER_BYTES = 256 * 1024;
/** References followed in a row before a chain of them is taken as a loop. */
const MAX_REFERENCE_HOPS = 32;

const TRAILER = /trailer\s*<</g;

const FILTER_ALIASES: Record<string, string> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  DCT: 'DCTDecode',
  CCF: 'CCITTFaxDecode',
};
const IMAGE_CODECS = new Set(['DCTDecode', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode']);
const COMPONENTS: Record<string, number> = { DeviceGray: 1, CalGray: 1, G: 1, Indexed: 1, I: 1, DeviceRGB: 3, CalRGB: 3, RGB: 3, Lab: 3, DeviceCMYK: 4, CMYK: 4 };

const asArray = (value: PdfValue | undefined): PdfValue[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c || code === 0x00;
const isDigitCode = (code: number) => code >= 0x30 && code <= 0x39;

interface ObjectHeader {
  num: number;
  /** Where the object's value starts, just after `obj`. */
  bodyAt: number;
  /** Where to look for the next header. */
  resumeAt: number;
}

/**
 * The next `n g obj` at or after `from`: each `obj` found (a fast substring search) is taken
 * when two whole numbers separated by white space precede it, so digits elsewhere (the xref
 * table's thousands of them) cost nothing.
 */
function nextObjectHeader(text: string, from: number): ObjectHeader | null {
  for (let at = text.indexOf('obj', from); at >= 0; at = text.indexOf('obj', at + 3)) {
    const after = text.charCodeAt(at + 3);
    if (!Number.isNaN(after) && !isSpace(after) && !'<[(/%'.includes(text[at + 3] ?? '')) continue;
    let cursor = at - 1;
    const skip = (test: (code: number) => boolean) => {
      const start = cursor;
      while (cursor >= 0 && test(text.charCodeAt(cursor))) cursor--;
      return start - cursor;
    };
    if (skip(isSpace) === 0 || skip(isDigitCode) === 0) continue;
    if (skip(isSpace) === 0) continue;
    const numEnd = cursor + 1;
    if (skip(isDigitCode) === 0) continue;
    return { num: Number(text.slice(cursor + 1, numEnd)), bodyAt: at + 3, resumeAt: at + 3 };
  }
  return null;
}

class Scan {
  readonly #bytes: Uint8Array;
  readonly #text: string;
  readonly #budget: PdfBudget;
  readonly #objects = new Map<number, PdfValue>();
  readonly #streams: StreamAt[] = [];
  #objectCount = 0;
  #root: PdfValue | undefined;
  decodedBytes = 0;
  images = 0;
  largestImagePixels = 0;

  constructor(bytes: Uint8Array, budget: PdfBudget) {
    this.#bytes = bytes;
    this.#text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    this.#budget = budget;
  }

  get objectCount(): number {
    return this.#objectCount;
  }

  get streamCount(): number {
    return this.#streams.length;
  }

  #countObjects(count: number): void {
    this.#objectCount += count;
    if (this.#objectCount > this.#budget.maxObjects) throw pdfTooComplex();
  }

  #lexer(at: number): PdfLexer {
    return new PdfLexer(this.#bytes, at, this.#budget.maxNesting, this.#text);
  }

  /** Every `n g obj … endobj`, stream data skipped so nothing inside a stream passes for an object. */
  indexObjects(): void {
    for (let header = nextObjectHeader(this.#text, 0); header; header = nextObjectHeader(this.#text, header.resumeAt)) {
      this.#countObjects(1);
      const lexer = this.#lexer(header.bodyAt);
      const value = lexer.read() ?? null;
      this.#objects.set(header.num, value);
      header.resumeAt = lexer.position;
      const next = lexer.read();
      if (isDict(value) && isKeyword(next, 'stream')) {
        const stream = this.#streamAt(value, lexer.position);
        this.#streams.push(stream);
        header.resumeAt = stream.end;
      }
      if (isDict(value) && isName(value.get('Type')) && (value.get('Type') as { name: string }).name === 'XRef') this.#root = value.get('Root') ?? this.#root;
    }
    for (const match of this.#text.matchAll(TRAILER)) {
      const trailer = this.#lexer(match.index + match[0].length - 2).read();
      if (isDict(trailer) && trailer.has('Root')) this.#root = trailer.get('Root');
    }
  }

  /** The stream's data: its /Length when that ends at `endstream`, else up to the next `endstream`. */
  #streamAt(dict: PdfDict, afterKeyword: number): StreamAt {
    let start = afterKeyword;
    if (this.#bytes[start] === 0x0d) start++;
    if (this.#bytes[start] === 0x0a) start++;
    const declared = this.#integer(dict.get('Length'));
    if (declared !== null && declared >= 0 && start + declared <= this.#bytes.length) {
      const tail = this.#text.slice(start + declared, start + declared + 32).trimStart();
      if (tail.startsWith('endstream')) return { dict, start, end: start + declared };
    }
    const found = this.#text.indexOf('endstream', start);
    return { dict, start, end: found < 0 ? this.#bytes.length : found };
  }

  #resolve(value: PdfValue | undefined): PdfValue | undefined {
    let current = value;
    for (let hops = 0; isRef(current); hops++) {
      if (hops >= MAX_REFERENCE_HOPS) return undefined;
      current = this.#objects.get(current.num);
    }
    return current;
  }

  #integer(value: PdfValue | undefined): number | null {
    if (typeof value === 'number') return value;
    const resolved = isRef(value) ? this.#resolve(value) : undefined;
    return typeof resolved === 'number' ? resolved : null;
  }

  #filters(dict: PdfDict): { name: string; params: PdfDict | undefined }[] {
    const filters = asArray(this.#resolve(dict.get('Filter')));
    const params = asArray(this.#resolve(dict.get('DecodeParms')));
    return filters.map((filter, index) => {
      const name = isName(filter) ? filter.name : '?';
      const param = this.#resolve(params[index]);
      return { name: FILTER_ALIASES[name] ?? name, params: isDict(param) ? param : undefined };
    });
  }

  /** Decodes through the filters, counting the last one's output; null when a filter cannot be followed (encryption, an unknown one). */
  async #decode(data: Uint8Array, filters: { name: string; params: PdfDict | undefined }[], limit: number, keep: number): Promise<Inflated | null> {
    let current = data;
    for (const [index, { name, params }] of filters.entries()) {
      const last = index === filters.length - 1;
      if (IMAGE_CODECS.has(name)) return { bytes: current.length, over: current.length > limit, head: Buffer.from(current.subarray(0, keep)) };
      if (name === 'ASCIIHexDecode' || name === 'ASCII85Decode') {
        current = name === 'ASCIIHexDecode' ? decodeAsciiHex(current) : decodeAscii85(current);
        if (current.length > limit) return { bytes: current.length, over: true, head: Buffer.alloc(0) };
        continue;
      }
      if (name === 'FlateDecode') {
        if (last) return countInflated(current, limit, keep);
        const inflated = inflateWithin(current, limit);
        if (!inflated) return { bytes: limit + 1, over: true, head: Buffer.alloc(0) };
        current = inflated;
        continue;
      }
      if (name === 'LZWDecode' && last) return countLzw(current, limit, this.#integer(params?.get('EarlyChange')) ?? 1);
      if (name === 'RunLengthDecode' && last) return countRunLength(current, limit);
      return null;
    }
    return { bytes: current.length, over: current.length > limit, head: Buffer.from(current.subarray(0, keep)) };
  }

  #addInflated(bytes: number): void {
    this.decodedBytes += bytes;
    if (this.decodedBytes > this.#budget.maxDocumentBytes) throw pdfTooMuchData(Math.round(this.#budget.maxDocumentBytes / 1024 / 1024));
  }

  #checkPixels(size: PixelSize | null): void {
    if (!size) return;
    const pixels = size.width * size.height;
    this.largestImagePixels = Math.max(this.largestImagePixels, pixels);
    if (pixels > this.#budget.maxImagePixels) throw pdfImageTooLarge(Math.floor(this.#budget.maxImagePixels / 1e6));
  }

  #isObjectStream(stream: StreamAt): boolean {
    const type = this.#resolve(stream.dict.get('Type'));
    return isName(type) && type.name === 'ObjStm';
  }

  /** The objects inside object streams, so the page tree can be walked through them too. */
  readObjectStreams(): void {
    for (const stream of this.#streams) {
      if (this.#isObjectStream(stream)) this.#readObjectStream(stream.dict, this.#bytes.subarray(stream.start, stream.end));
    }
  }

  async checkStreams(): Promise<void> {
    for (const stream of this.#streams) {
      if (this.#isObjectStream(stream)) continue;
      const data = this.#bytes.subarray(stream.start, stream.end);
      const subtype = this.#resolve(stream.dict.get('Subtype'));
      if (isName(subtype) && subtype.name === 'Image') await this.#checkImage(stream.dict, data);
      else await this.#checkStream(stream.dict, data);
    }
  }

  async #checkStream(dict: PdfDict, data: Uint8Array): Promise<void> {
    const { maxStreamBytes, maxDocumentBytes } = this.#budget;
    const decoded = await this.#decode(data, this.#filters(dict), Math.min(maxStreamBytes, maxDocumentBytes - this.decodedBytes), 0);
    if (!decoded) return;
    if (decoded.over && decoded.bytes > maxStreamBytes) throw pdfTooMuchData(Math.round(maxStreamBytes / 1024 / 1024));
    this.#addInflated(decoded.bytes);
  }

  /**
   * An image costs its decoded size whatever its stream holds (a reader decodes exactly that
   * many bytes), so its dictionary's size is checked, and the size its codec's own header
   * claims, which is what a JPEG, JPEG 2000 or JBIG2 decoder allocates.
   */
  async #checkImage(dict: PdfDict, data: Uint8Array): Promise<void> {
    this.images++;
    const width = this.#integer(dict.get('Width')) ?? this.#integer(dict.get('W')) ?? 0;
    const height = this.#integer(dict.get('Height')) ?? this.#integer(dict.get('H')) ?? 0;
    const colorSpace = asArray(this.#resolve(dict.get('ColorSpace')))[0];
    const components = isName(colorSpace) ? (COMPONENTS[colorSpace.name] ?? 3) : 3;
    const bits = this.#integer(dict.get('BitsPerComponent')) ?? 8;
    this.#checkPixels({ width, height, components });
    let decoded = Math.ceil((width * components * bits) / 8) * height;
    const filters = this.#filters(dict);
    const codec = filters.at(-1)?.name;
    if (codec === 'DCTDecode' || codec === 'JPXDecode' || codec === 'JBIG2Decode') {
      const head = (await this.#decode(data, filters, this.#budget.maxStreamBytes, HEADER_BYTES))?.head;
      const size = !head ? null : codec === 'DCTDecode' ? jpegSize(head) : codec === 'JPXDecode' ? jpxSize(head) : jbig2Size(head, height);
      this.#checkPixels(size);
      if (size) decoded = Math.max(decoded, size.width * size.height * Math.max(1, size.components));
    }
    this.#addInflated(decoded);
  }

  /** An object stream's objects count and are checked like the file's own (7.5.7). */
  #readObjectStream(dict: PdfDict, data: Uint8Array): void {
    const filters = this.#filters(dict);
    let content: Uint8Array = data;
    if (filters.length === 1 && filters[0]?.name === 'FlateDecode') {
      const inflated = inflateWithin(data, this.#budget.maxStreamBytes);
      if (!inflated) throw pdfTooMuchData(Math.round(this.#budget.maxStreamBytes / 1024 / 1024));
      content = inflated;
    } else if (filters.length > 0) {
      return;
    }
    this.#addInflated(content.length);
    const count = Math.max(0, this.#integer(dict.get('N')) ?? 0);
    const first = this.#integer(dict.get('First')) ?? 0;
    this.#countObjects(count);
    const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('latin1');
    const lexer = new PdfLexer(content, 0, this.#budget.maxNesting, text);
    const entries: [number, number][] = [];
    for (let index = 0; index < count; index++) {
      const num = lexer.read();
      const offset = lexer.read();
      if (typeof num !== 'number' || typeof offset !== 'number') break;
      entries.push([num, offset]);
    }
    for (const [num, offset] of entries) {
      const value = new PdfLexer(content, first + offset, this.#budget.maxNesting, text).read() ?? null;
      if (!this.#objects.has(num)) this.#objects.set(num, value);
    }
  }

  /**
   * Pages by walking the tree from the catalog. A node of the tree met twice makes it a loop
   * (or a lattice that multiplies its pages), which readers refuse as broken: so is it here,
   * before one walks it.
   */
  countPages(): number | null {
    const catalog = this.#resolve(this.#root);
    if (!isDict(catalog)) return null;
    const rootRef = catalog.get('Pages');
    const root = this.#resolve(rootRef);
    if (!isDict(root)) return null;
    const seen = new Set<number>();
    const stack: PdfValue[] = [rootRef ?? null];
    let pages = 0;
    while (stack.length > 0) {
      const ref = stack.pop();
      const node = this.#resolve(ref);
      if (!isDict(node)) continue;
      const kids = this.#resolve(node.get('Kids'));
      if (Array.isArray(kids)) {
        if (isRef(ref)) {
          if (seen.has(ref.num)) throw unreadablePdf(new Error('the page tree loops'));
          seen.add(ref.num);
        }
        stack.push(...kids);
        continue;
      }
      pages++;
      if (pages > this.#budget.maxPages) throw pdfTooManyPages(this.#budget.maxPages);
    }
    // A reader takes the tree's own count for the number of pages, and tries to read them.
    if ((this.#integer(root.get('Count')) ?? 0) > this.#budget.maxPages) throw pdfTooManyPages(this.#budget.maxPages);
    return pages;
  }
}

/**
 * Reads the PDF's bytes and throws the refusal of the first limit they pass (pdf-too-much-data,
 * pdf-image-too-large, pdf-too-many-pages, pdf-too-complex, or unreadable-pdf for a looping
 * page tree); else says what it counted.
 */
export async function prescanPdf(bytes: Uint8Array, budget: PdfBudget): Promise<PrescanReport> {
  const scan = new Scan(bytes, budget);
  try {
    scan.indexObjects();
    scan.readObjectStreams();
    const pages = scan.countPages();
    await scan.checkStreams();
    return {
      objects: scan.objectCount,
      streams: scan.streamCount,
      pages,
      decodedBytes: scan.decodedBytes,
      images: scan.images,
      largestImagePixels: scan.largestImagePixels,
    };
  } catch (error) {
    if (isCodedError(error)) throw error;
    if (error instanceof NestingError) throw pdfTooComplex(error);
    throw error;
  }
}
