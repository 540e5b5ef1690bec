import { deflateSync } from 'node:zlib';

/**
 * Small but valid media files for tests: a PNG and a JPEG of a given size that decode whole, and an MP4 whose
 * boxes carry a video track's width, height and duration.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
/** One PNG chunk: its length, type, data and CRC. */
export const pngChunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A grey PNG of `width` × `height` (8-bit greyscale, so even a large one stays small once compressed);
 * `padding` bytes of a private ancillary chunk make it as large as a test needs.
 */
export function pngBytes(width: number, height: number, seed = 0, padding = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(width + 1, (seed * 37) % 256);
  row[0] = 0;
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    ...(padding ? [pngChunk('prVt', Buffer.alloc(padding, 7))] : []),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG marker segment: FF, the marker, its 16-bit length (counting itself) and its body. */
const jpegSegment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/**
 * A whole baseline JPEG of `width` × `height`, plain mid grey, that any decoder reads to its last pixel: one
 * greyscale component, and Huffman tables of one code each, so that every 8 × 8 block is two zero bits (its DC
 * difference 0 and end of block). A comment carries `seed`, so that files of one size differ.
 */
export function jpegBytes(width: number, height: number, seed = 0): Buffer {
  const app0 = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const dqt = Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]);
  const sof = Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  // a table of one code of length 1 (symbol 0): DC category 0, AC end of block
  const oneCode = Buffer.concat([Buffer.from([1]), Buffer.alloc(15), Buffer.from([0])]);
  const dht = Buffer.concat([Buffer.from([0x00]), oneCode, Buffer.from([0x10]), oneCode]);
  const sos = Buffer.from([1, 1, 0x00, 0, 63, 0]);
  const bits = Math.ceil(width / 8) * Math.ceil(height / 8) * 2;
  const scan = Buffer.alloc(Math.ceil(bits / 8));
  // the last byte is padded with one bits, as the format asks
  if (bits % 8) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, app0),
    jpegSegment(0xfe, Buffer.from(`virality test ${seed}`)),
    jpegSegment(0xdb, dqt),
    jpegSegment(0xc0, sof),
    jpegSegment(0xc4, dht),
    jpegSegment(0xda, sos),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, body]);
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

/** An MP4 (ISO BMFF: ftyp, moov with mvhd, one video track's tkhd and hdlr, an mdat) of the given size and length. */
export function mp4Bytes(
  width: number,
  height: number,
  seconds: number,
  opts: { brand?: string; padBytes?: number } = {},
): Buffer {
  const timescale = 1000;
  const duration = Math.round(seconds * timescale);
  const mvhd = box('mvhd', u32(0), u32(0), u32(0), u32(timescale), u32(duration), Buffer.alloc(80));
  // tkhd v0: flags, created, modified, track id, reserved, duration, reserved×2, layer/group, volume/reserved, matrix (36), width, height
  const tkhd = box(
    'tkhd',
    u32(0x7),
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(duration),
    Buffer.alloc(8),
    Buffer.alloc(4),
    Buffer.alloc(4),
    Buffer.alloc(36),
    u32(width * 65536),
    u32(height * 65536),
  );
  const hdlr = box('hdlr', u32(0), u32(0), Buffer.from('vide', 'ascii'), Buffer.alloc(12), Buffer.from('VideoHandler\0'));
  const trak = box('trak', tkhd, box('mdia', hdlr));
  const brand = opts.brand ?? 'isom';
  const ftyp = box('ftyp', Buffer.from(brand, 'ascii'), u32(512), Buffer.from(`${brand}mp41`, 'ascii'));
  return Buffer.concat([ftyp, box('moov', mvhd, trak), box('mdat', Buffer.alloc(opts.padBytes ?? 64))]);
}
