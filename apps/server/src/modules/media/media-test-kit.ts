import type { TTestApp } from '../../test/helpers';

/**
 * Tests' media beyond test/media-fixtures (PNG, JPEG, MP4): WebP, SVG, TIFF, WebM, AVI and MP4s built box by
 * box (64-bit sizes, version 1 headers, a turned track), and a multipart body to send them with.
 */

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u64 = (n: number | bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const le32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** An ISO BMFF box: 32-bit size, or (large) 1 and a 64-bit size. */
export function box(type: string, body: Buffer, opts: { large?: boolean } = {}): Buffer {
  if (opts.large) return Buffer.concat([u32(1), Buffer.from(type, 'latin1'), u64(16 + body.length), body]);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
}
const full = (version: number, ...parts: Buffer[]) => Buffer.concat([Buffer.from([version, 0, 0, 0]), ...parts]);

/** mvhd of either version. */
export function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const times =
    version === 1
      ? Buffer.concat([u64(0), u64(0), u32(timescale), u64(duration)])
      : Buffer.concat([u32(0), u32(0), u32(timescale), u32(duration)]);
  return box('mvhd', full(version, times, Buffer.alloc(80)));
}

/** tkhd of either version; `turned` writes a quarter-turn matrix (a phone held upright). */
export function tkhd(version: 0 | 1, width: number, height: number, opts: { turned?: boolean } = {}): Buffer {
  const head =
    version === 1
      ? Buffer.concat([u64(0), u64(0), u32(1), u32(0), u64(0)])
      : Buffer.concat([u32(0), u32(0), u32(1), u32(0), u32(0)]);
  const matrix = Buffer.alloc(36);
  if (opts.turned) {
    matrix.writeInt32BE(0x10000, 4); // b
    matrix.writeInt32BE(-0x10000, 12); // c
  } else {
    matrix.writeInt32BE(0x10000, 0); // a
    matrix.writeInt32BE(0x10000, 16); // d
  }
  matrix.writeInt32BE(0x40000000, 32); // w
  return box('tkhd', full(version, head, Buffer.alloc(8), Buffer.alloc(8), matrix, u32(width * 65536), u32(height * 65536)));
}

export const hdlr = (handler: string) =>
  box('hdlr', full(0, u32(0), Buffer.from(handler, 'latin1'), Buffer.alloc(12), Buffer.from('Handler\0')));
export const trak = (header: Buffer, handler: string) => box('trak', Buffer.concat([header, box('mdia', hdlr(handler))]));
export const ftyp = (brand: string) =>
  box('ftyp', Buffer.concat([Buffer.from(brand, 'latin1'), u32(512), Buffer.from('isommp41')]));

/** A QuickTime movie (brand 'qt  '): version 1 headers, the movie box after its media data. */
export function movBytes(width: number, height: number, seconds: number): Buffer {
  const moov = box('moov', Buffer.concat([mvhd(1, 600, seconds * 600), trak(tkhd(1, width, height), 'vide')]));
  return Buffer.concat([ftyp('qt  '), box('mdat', Buffer.alloc(256), { large: true }), moov]);
}

/**
 * A whole lossless WebP (VP8L) of the given size, plain grey, that decodes to its last pixel: each of its five
 * prefix codes holds one symbol, so that every pixel takes no bits at all.
 */
export function webpBytes(width: number, height: number): Buffer {
  const bits: number[] = [];
  const put = (v: number, n: number) => {
    for (let i = 0; i < n; i++) bits.push((v >> i) & 1);
  };
  put(width - 1, 14);
  put(height - 1, 14);
  put(0, 1); // no alpha
  put(0, 3); // version 0
  put(0, 1); // no transform
  put(0, 1); // no colour cache
  put(0, 1); // no meta prefix codes
  // green, red, blue, alpha: a simple code of one 8-bit symbol; distance: a simple code of symbol 0
  for (const symbol of [0x88, 0x88, 0x88, 0xff]) {
    put(1, 1);
    put(0, 1);
    put(1, 1);
    put(symbol, 8);
  }
  put(1, 1);
  put(0, 1);
  put(0, 1);
  put(0, 1);
  const packed = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((b, i) => {
    if (b) packed[i >> 3] |= 1 << (i & 7);
  });
  const data = Buffer.concat([Buffer.from([0x2f]), packed]);
  const body = Buffer.concat([Buffer.from('WEBPVP8L'), le32(data.length), data, Buffer.alloc(data.length % 2)]);
  return Buffer.concat([Buffer.from('RIFF'), le32(body.length), body]);
}

export const tiffBytes = () => Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00]), le32(8), Buffer.from([0, 0]), le32(0)]);
export const webmBytes = () =>
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x88, 0x42, 0x82, 0x84, ...Buffer.from('webm'), 0x42, 0x87, 0x81, 0x02]);
export const aviBytes = () => Buffer.concat([Buffer.from('RIFF'), le32(100), Buffer.from('AVI LIST'), Buffer.alloc(100)]);

/** An SVG document: `inner` inside a root of the given size, after an XML declaration and a comment. */
export const svgBytes = (inner = '<rect width="10" height="10" fill="url(#g)"/>', size = 'width="120" height="80"') =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${size}>${inner}</svg>\n`,
  );

export type TPart = { field?: string; name: string; type: string; bytes: Buffer };

/** A multipart/form-data body of these files (field `file` unless said). */
export function multipart(parts: TPart[], defaultField = 'file') {
  const boundary = `----virality${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? defaultField}"; filename="${p.name}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends files to an upload call; the status and the parsed answer. */
export async function sendFiles(
  t: TTestApp,
  path: '/api/s3/uploadSingleFile' | '/api/s3/multipleUploadVal',
  parts: TPart[],
  opts: { token?: string; query?: string } = {},
) {
  const body = multipart(parts, path.endsWith('uploadSingleFile') ? 'file' : 'files');
  const res = await t.app.inject({
    method: 'POST',
    url: `${path}${opts.query ?? ''}`,
    headers: { 'content-type': body.contentType, ...(opts.token ? { 'x-access-token': opts.token } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, json: res.json(), headers: res.headers };
}
