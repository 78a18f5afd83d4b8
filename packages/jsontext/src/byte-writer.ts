/** ByteWriter is a growable byte buffer that encoders append JSON text to. */
const textEncoder = new TextEncoder();

export class ByteWriter {
  /** The backing buffer; bytes [0, length) are written. */
  buf: Uint8Array;
  /** Number of bytes written. */
  length = 0;

  constructor(initialCapacity = 256) {
    this.buf = new Uint8Array(initialCapacity);
  }

  /** ensure makes room for n more bytes. */
  ensure(n: number): void {
    const need = this.length + n;
    if (need <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const b = new Uint8Array(cap);
    b.set(this.buf.subarray(0, this.length));
    this.buf = b;
  }

  /** writeByte appends one byte. */
  writeByte(c: number): void {
    if (this.length >= this.buf.length) this.ensure(1);
    this.buf[this.length++] = c;
  }

  /** writeAscii appends a string known to contain only ASCII chars. */
  writeAscii(s: string): void {
    const n = s.length;
    this.ensure(n);
    const b = this.buf;
    let p = this.length;
    for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i);
    this.length = p;
  }

  /** writeString appends the UTF-8 encoding of a well-formed JS string. */
  writeString(s: string): void {
    const n = s.length;
    if (n < 64) {
      this.ensure(n * 3);
      const b = this.buf;
      let p = this.length;
      let i = 0;
      for (; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) break;
        b[p++] = c;
      }
      this.length = p;
      if (i === n) return;
      s = s.slice(i);
    }
    this.ensure(s.length * 3);
    const r = textEncoder.encodeInto(s, this.buf.subarray(this.length));
    this.length += r.written;
  }

  /** writeBytes appends raw bytes. */
  writeBytes(src: Uint8Array): void {
    this.ensure(src.length);
    this.buf.set(src, this.length);
    this.length += src.length;
  }

  /** truncate drops bytes written after n. */
  truncate(n: number): void {
    if (n < this.length) this.length = n;
  }

  /** bytes returns a copy of the written bytes. */
  bytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }

  /** view returns a view of the written bytes (valid until the next write). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  /** reset empties the writer, keeping its buffer. */
  reset(): void {
    this.length = 0;
  }
}
