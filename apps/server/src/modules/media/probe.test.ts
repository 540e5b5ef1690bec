import { POST_MSG } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { jpegBytes, mp4Bytes, pngBytes } from '../../test/media-fixtures';
import { aviBytes, box, ftyp, movBytes, mvhd, svgBytes, tiffBytes, tkhd, trak, webmBytes, webpBytes } from './media-test-kit';
import { MediaRefused, probe, readMp4, svgIssue, svgRootAt } from './probe';

const refusal = (bytes: Buffer) =>
  probe(bytes).then(
    () => null,
    (err: unknown) => {
      expect(err).toBeInstanceOf(MediaRefused);
      return (err as Error).message;
    },
  );

describe('a file is what its bytes say', () => {
  it('reads each accepted image with its size', async () => {
    expect(await probe(pngBytes(640, 480))).toEqual({
      kind: 'image',
      mimeType: 'image/png',
      ext: 'png',
      width: 640,
      height: 480,
      durationSec: null,
      converted: null,
    });
    expect(await probe(jpegBytes(1080, 1350))).toMatchObject({ mimeType: 'image/jpeg', ext: 'jpg', width: 1080, height: 1350 });
    expect(await probe(webpBytes(800, 600))).toMatchObject({ mimeType: 'image/webp', ext: 'webp', width: 800, height: 600 });
    // an SVG is drawn as a PNG, its longer side at least 1080 pixels
    const svg = await probe(svgBytes());
    expect(svg).toMatchObject({ kind: 'image', mimeType: 'image/png', ext: 'png', width: 1080, height: 720 });
    expect(svg.converted?.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  });

  it('reads each accepted video with its size and duration', async () => {
    expect(await probe(mp4Bytes(1280, 720, 12.5))).toEqual({
      kind: 'video',
      mimeType: 'video/mp4',
      ext: 'mp4',
      width: 1280,
      height: 720,
      durationSec: 12.5,
      converted: null,
    });
    expect(await probe(movBytes(1920, 1080, 7))).toMatchObject({
      mimeType: 'video/quicktime',
      ext: 'mov',
      width: 1920,
      height: 1080,
      durationSec: 7,
    });
  });

  it('refuses TIFF as not supported, other images likewise, and what is no media as media not supported', async () => {
    expect(await refusal(tiffBytes())).toBe(POST_MSG.fileNotSupported);
    expect(await refusal(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBe(POST_MSG.fileNotSupported);
    expect(await refusal(Buffer.from('just some text, nothing more\n'))).toBe(POST_MSG.mediaNotSupported);
    expect(await refusal(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'))).toBe(POST_MSG.mediaNotSupported);
    expect(await refusal(Buffer.from('<?xml version="1.0"?><note>not a drawing</note>'))).toBe(POST_MSG.mediaNotSupported);
    expect(await refusal(Buffer.alloc(0))).toBe(POST_MSG.mediaNotSupported);
  });

  it('refuses a video of another container, and an MP4 whose movie box cannot be read, as an unsupported video format', async () => {
    expect(await refusal(webmBytes())).toBe(POST_MSG.videoFormat);
    expect(await refusal(aviBytes())).toBe(POST_MSG.videoFormat);
    expect(await refusal(Buffer.concat([ftyp('isom'), box('mdat', Buffer.alloc(64))]))).toBe(POST_MSG.videoFormat);
    // a movie with a sound track only has no picture to post
    const soundOnly = Buffer.concat([
      ftyp('isom'),
      box('moov', Buffer.concat([mvhd(0, 1000, 5000), trak(tkhd(0, 0, 0), 'soun')])),
    ]);
    expect(await refusal(soundOnly)).toBe(POST_MSG.videoFormat);
  });

  it('takes a picture turned by its orientation the way it is shown', async () => {
    const turned = Buffer.concat([
      ftyp('isom'),
      box('moov', Buffer.concat([mvhd(0, 1000, 3000), trak(tkhd(0, 1920, 1080, { turned: true }), 'vide')])),
    ]);
    expect(readMp4(turned)).toEqual({ width: 1080, height: 1920, durationSec: 3 });
  });
});

describe('the MP4 reader walks boxes as the format says', () => {
  it('reads version 1 headers, 64-bit sizes, a size 0 box to the end, and the video track among others', () => {
    const moov = box(
      'moov',
      Buffer.concat([mvhd(1, 90_000, 90_000 * 61), trak(tkhd(1, 0, 0), 'soun'), trak(tkhd(1, 1080, 1920), 'vide')]),
      { large: true },
    );
    const toEnd = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('mdat'), Buffer.alloc(40)]);
    expect(readMp4(Buffer.concat([ftyp('mp42'), moov, toEnd]))).toEqual({ width: 1080, height: 1920, durationSec: 61 });
  });

  it('reads a fragmented movie’s length from mvex/mehd', () => {
    const mehd = box('mehd', Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from([0, 0, 0x27, 0x10])])); // 10000
    const moov = box('moov', Buffer.concat([mvhd(0, 1000, 0), box('mvex', mehd), trak(tkhd(0, 640, 360), 'vide')]));
    expect(readMp4(Buffer.concat([ftyp('iso6'), moov]))).toEqual({ width: 640, height: 360, durationSec: 10 });
  });

  it('never throws nor hangs on random, truncated or hostile boxes', () => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const good = mp4Bytes(1280, 720, 5);
    const started = performance.now();
    // every truncation of a valid file
    for (let n = 0; n <= good.length; n++) expect(() => readMp4(good.subarray(0, n))).not.toThrow();
    // random corruption of sizes and bytes
    for (let i = 0; i < 3000; i++) {
      const copy = Buffer.from(good);
      for (let k = rand() % 8; k >= 0; k--) copy[rand() % copy.length] = rand() & 0xff;
      if (i % 3 === 0) copy.writeUInt32BE(rand() % 3 === 0 ? 1 : rand(), (rand() % (copy.length - 4)) & ~3);
      const out = readMp4(copy);
      if (out) expect(out.width).toBeGreaterThan(0);
    }
    // pure noise
    for (let i = 0; i < 500; i++) {
      const noise = Buffer.alloc(rand() % 512);
      for (let k = 0; k < noise.length; k++) noise[k] = rand() & 0xff;
      expect(() => readMp4(noise)).not.toThrow();
    }
    // sizes that overrun, a 64-bit size past the end, a size below its header, zero sizes inside, deep nesting
    const hostile = [
      Buffer.concat([Buffer.from([0x7f, 0xff, 0xff, 0xff]), Buffer.from('moov'), Buffer.alloc(8)]),
      Buffer.concat([
        Buffer.from([0, 0, 0, 1]),
        Buffer.from('moov'),
        Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      ]),
      Buffer.concat([Buffer.from([0, 0, 0, 1]), Buffer.from('moov'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 4])]),
      Buffer.concat([Buffer.from([0, 0, 0, 4]), Buffer.from('moov')]),
      box(
        'moov',
        Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('trak'), Buffer.from([0, 0, 0, 0]), Buffer.from('mdia')]),
      ),
      Array.from({ length: 2000 }).reduce<Buffer>((inner) => box('moov', inner), box('mvhd', Buffer.alloc(4))),
      // a million empty boxes: the reader stops at its budget
      Buffer.concat(Array.from({ length: 100_000 }, () => box('free', Buffer.alloc(0)))),
      box('moov', Buffer.concat(Array.from({ length: 5000 }, () => box('trak', box('mdia', Buffer.alloc(0)))))),
    ];
    for (const bytes of hostile) expect(readMp4(bytes)).toBeNull();
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('answers a hostile video with a clean refusal', async () => {
    const bytes = Buffer.concat([ftyp('isom'), Buffer.from([0, 0, 0, 1]), Buffer.from('moov'), Buffer.alloc(8, 0xff)]);
    expect(await refusal(bytes)).toBe(POST_MSG.videoFormat);
  });
});

describe('an SVG is a drawing that cannot run code or reach elsewhere', () => {
  it('is recognised by its root element after a declaration, comments and a doctype', () => {
    expect(svgRootAt('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(0);
    expect(
      svgRootAt('\uFEFF  <?xml version="1.0"?>\n<!-- a -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg>'),
    ).toBeGreaterThan(0);
    expect(svgRootAt('<html><svg></svg></html>')).toBe(-1);
    expect(svgRootAt('<svgfoo/>')).toBe(-1);
    expect(svgRootAt('<!-- never closed <svg>')).toBe(-1);
  });

  it('accepts plain drawings with internal references', () => {
    expect(svgIssue(svgBytes().toString())).toBeNull();
    expect(
      svgIssue(
        '<svg><defs><linearGradient id="g"/></defs><use xlink:href="#g"/><image href="data:image/png;base64,AAAA"/></svg>',
      ),
    ).toBeNull();
  });

  it('refuses scripts, event attributes, javascript: addresses and outside references', async () => {
    const bad = [
      '<script>alert(1)</script>',
      '<svg:script>alert(1)</svg:script>',
      '<rect onload="alert(1)"/>',
      '<rect\nONCLICK = "alert(1)"/>',
      '<a href="javascript:alert(1)"><text>x</text></a>',
      '<a href="&#106;avascript:alert(1)"><text>x</text></a>',
      '<a href="jav&#x09;ascript:alert(1)"><text>x</text></a>',
      '<image href="http://evil.example/x.png"/>',
      '<image xlink:href="https://evil.example/x.png"/>',
      "<image href='//evil.example/x.png'/>",
      '<image href="x.png"/>',
      '<image href=x.png/>',
      '<style>@import url(https://evil.example/x.css);</style>',
      '<rect style="fill:url(http://evil.example/#p)"/>',
      '<foreignObject><div>html</div></foreignObject>',
      '<iframe src="https://evil.example"/>',
      '<a href="data:text/html,<b>x</b>"/>',
    ];
    for (const inner of bad) {
      expect(svgIssue(svgBytes(inner).toString()), inner).not.toBeNull();
      expect(await refusal(svgBytes(inner)), inner).toBe(POST_MSG.fileNotSupported);
    }
    const entities = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><svg>&b;</svg>';
    expect(await refusal(Buffer.from(entities))).toBe(POST_MSG.fileNotSupported);
  });

  it('a hostile body costs no more than a scan and a failed parse', async () => {
    const body = '<svg '.repeat(200_000);
    const started = performance.now();
    const out = await probe(svgBytes(body, 'viewBox="0 0 300 150"')).catch((e: Error) => e.message);
    expect(out).toBe(POST_MSG.fileNotSupported);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
