// PDF object syntax (ISO 32000-1, 7.2–7.3) read straight from the file's bytes: just enough of
// it for the pre-scan (prescan.ts) to see objects, stream dictionaries and the page tree before
// any PDF library does. Pure; never recursion deeper than its nesting limit allows.

export interface PdfName {
  readonly name: string;
}
export interface PdfRef {
  readonly num: number;
  readonly gen: number;
}
export type PdfDict = Map<string, PdfValue>;
export type PdfValue = null | boolean | number | string | PdfName | PdfRef | PdfValue[] | PdfDict | { readonly keyword: string };

/** Thrown when arrays and dictionaries nest deeper than allowed. */
export class NestingError extends Error {
  override name = 'NestingError';
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

const isRegular = (byte: number | undefined) => byte !== undefined && !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

export const isName = (value: PdfValue | undefined): value is PdfName => typeof value === 'object' && value !== null && 'name' in value;
export const isRef = (value: PdfValue | undefined): value is PdfRef => typeof value === 'object' && value !== null && 'num' in value;
export const isDict = (value: PdfValue | undefined): value is PdfDict => value instanceof Map;
export const isKeyword = (value: PdfValue | undefined, keyword: string): boolean =>
  typeof value === 'object' && value !== null && 'keyword' in value && value.keyword === keyword;

/** A cursor over the file's bytes that reads one value at a time. */
export class PdfLexer {
  readonly bytes: Uint8Array;
  /** The same bytes as a latin1 string, one character per byte, where words are cut from. */
  readonly #text: string;
  position: number;
  readonly #maxNesting: number;

  constructor(bytes: Uint8Array, position: number, maxNesting: number, text?: string) {
    this.bytes = bytes;
    this.#text = text ?? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    this.position = position;
    this.#maxNesting = maxNesting;
  }

  skipSpace(): void {
    const { bytes } = this;
    while (this.position < bytes.length) {
      const byte = bytes[this.position];
      if (byte === 0x25) {
        while (this.position < bytes.length && bytes[this.position] !== 0x0a && bytes[this.position] !== 0x0d) this.position++;
      } else if (byte !== undefined && WHITESPACE.has(byte)) {
        this.position++;
      } else {
        return;
      }
    }
  }

  /** The next value; a bare word (obj, stream, endobj, R …) comes back as `{ keyword }`, the end of the bytes as undefined. */
  read(depth = 0): PdfValue | undefined {
    if (depth > this.#maxNesting) throw new NestingError(`nested deeper than ${this.#maxNesting}`);
    this.skipSpace();
    const { bytes } = this;
    const byte = bytes[this.position];
    if (byte === undefined) return undefined;
    if (byte === 0x3c && bytes[this.position + 1] === 0x3c) return this.#dict(depth);
    if (byte === 0x3c) return this.#hexString();
    if (byte === 0x5b) return this.#array(depth);
    if (byte === 0x28) return this.#literalString();
    if (byte === 0x2f) return { name: this.#word(this.position + 1) };
    if (byte === 0x5d || byte === 0x3e || byte === 0x29 || byte === 0x7b || byte === 0x7d) {
      this.position++;
      return { keyword: String.fromCharCode(byte) };
    }
    const word = this.#word(this.position);
    if (word === '') {
      this.position++;
      return { keyword: String.fromCharCode(byte) };
    }
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return this.#numberOrRef(Number(word), /^\d+$/.test(word));
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    return { keyword: word };
  }

  #word(start: number): string {
    let end = start;
    while (isRegular(this.bytes[end])) end++;
    this.position = end;
    return this.#text.slice(start, end);
  }

  /** `12 0 R` is a reference; the two numbers are looked ahead without being consumed otherwise. */
  #numberOrRef(value: number, whole: boolean): PdfValue {
    if (!whole) return value;
    const after = this.position;
    this.skipSpace();
    if (isDigit(this.bytes[this.position])) {
      const genStart = this.position;
      const gen = this.#word(genStart);
      if (/^\d+$/.test(gen)) {
        this.skipSpace();
        if (this.bytes[this.position] === 0x52 && !isRegular(this.bytes[this.position + 1])) {
          this.position++;
          return { num: value, gen: Number(gen) };
        }
      }
    }
    this.position = after;
    return value;
  }

  #dict(depth: number): PdfDict {
    this.position += 2;
    const dict: PdfDict = new Map();
    for (;;) {
      this.skipSpace();
      const byte = this.bytes[this.position];
      if (byte === undefined) return dict;
      if (byte === 0x3e && this.bytes[this.position + 1] === 0x3e) {
        this.position += 2;
        return dict;
      }
      const key = this.read(depth + 1);
      if (!isName(key)) {
        // A stray token: skipped, as lenient readers do.
        if (key === undefined) return dict;
        continue;
      }
      const value = this.read(depth + 1);
      if (value === undefined) return dict;
      dict.set(key.name, value);
    }
  }

  #array(depth: number): PdfValue[] {
    this.position++;
    const array: PdfValue[] = [];
    for (;;) {
      this.skipSpace();
      const byte = this.bytes[this.position];
      if (byte === undefined) return array;
      if (byte === 0x5d) {
        this.position++;
        return array;
      }
      const value = this.read(depth + 1);
      if (value === undefined) return array;
      array.push(value);
    }
  }

  /** The string's raw bytes (escapes left as written: the pre-scan only needs to pass over it). */
  #literalString(): string {
    const start = ++this.position;
    let open = 1;
    const { bytes } = this;
    while (this.position < bytes.length) {
      const byte = bytes[this.position++];
      if (byte === 0x5c) this.position++;
      else if (byte === 0x28) open++;
      else if (byte === 0x29 && --open === 0) break;
    }
    return this.#text.slice(start, Math.max(start, this.position - 1));
  }

  #hexString(): string {
    const start = ++this.position;
    const end = this.bytes.indexOf(0x3e, start);
    this.position = end < 0 ? this.bytes.length : end + 1;
    return this.#text.slice(start, Math.max(start, this.position - 1));
  }
}
