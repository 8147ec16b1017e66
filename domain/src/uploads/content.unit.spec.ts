import { describe, expect, it } from 'vitest';
import { activeContentIn, endsCleanly, uploadContentProblem, uploadNameOf } from './content.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

/** SOI, one APP0, a baseline SOF and SOS with two bytes of entropy data (one stuffed FF 00), EOI. */
const jpeg = (entropy: number[] = [0x12, 0xff, 0x00, 0x34]) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46],
    [0xff, 0xc0, 0x00, 0x05, 8, 0, 1],
    [0xff, 0xda, 0x00, 0x02],
    entropy,
    [0xff, 0xd9],
  );
/** GIF89a, 1×1, no colour table, a comment extension, one image with two bytes of data, the trailer. */
const gif = (comment = 'hi') =>
  bytes(
    'GIF89a',
    [1, 0, 1, 0, 0, 0, 0],
    [0x21, 0xfe, comment.length],
    comment,
    [0],
    [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    [2, 2, 0x4c, 0x01, 0],
    [0x3b],
  );

describe('upload content', () => {
  it('takes one complete JPEG, also followed by further JPEGs (multi-picture) or padding', () => {
    expect(endsCleanly(jpeg(), 'jpg')).toBe(true);
    expect(endsCleanly(bytes(Array.from(jpeg()), Array.from(jpeg())), 'jpg')).toBe(true);
    expect(endsCleanly(bytes(Array.from(jpeg()), [0, 0, 0x0a]), 'jpg')).toBe(true);
    // A restart marker inside the entropy data is data, not the end.
    expect(endsCleanly(jpeg([0x12, 0xff, 0xd3, 0x34]), 'jpg')).toBe(true);
  });

  it('refuses a JPEG that is cut short or carries anything after its end', () => {
    expect(endsCleanly(jpeg().subarray(0, 12), 'jpg')).toBe(false);
    expect(endsCleanly(bytes(Array.from(jpeg()), 'PK\u0003\u0004whatever'), 'jpg')).toBe(false);
  });

  it('walks a GIF block by block to its trailer', () => {
    expect(endsCleanly(gif(), 'gif')).toBe(true);
    expect(endsCleanly(bytes(Array.from(gif()), '*/=1;'), 'gif')).toBe(false);
    expect(endsCleanly(gif().subarray(0, 20), 'gif')).toBe(false);
  });

  it('finds markup, script, PHP and archives, and PDF actions', () => {
    expect(activeContentIn(gif('*/=alert(1)//'), 'gif')).toBe('alert(');
    expect(activeContentIn(bytes('\u00ff\u00d8<HTML >'), 'jpg')).toBe('<HTML ');
    expect(activeContentIn(bytes('xx<?php system($x);'), 'png')).toBe('<?php ');
    expect(activeContentIn(bytes('PK\u0003\u0004....PK\u0005\u0006'), 'jpg')).toBe('zip');
    expect(activeContentIn(bytes('%PDF-1.4 << /S /JavaScript /JS 12 0 R >>'), 'pdf')).toBe('/JavaScript');
    expect(activeContentIn(bytes('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>'), 'jpg')).toBeNull();
    expect(uploadContentProblem(jpeg(), 'jpg')).toBeNull();
  });

  it('shows a clean last segment of the sender’s name', () => {
    expect(uploadNameOf('../../etc/passwd', 'f')).toBe('passwd');
    expect(uploadNameOf('..\\..\\x.jpg', 'f')).toBe('x.jpg');
    expect(uploadNameOf('a\u0000b.png', 'f')).toBe('ab.png');
    expect(uploadNameOf('photo\u202egnp.exe', 'f')).toBe('photognp.exe');
    expect(uploadNameOf('..', 'fallback.png')).toBe('fallback.png');
    expect(uploadNameOf(null, 'fallback.png')).toBe('fallback.png');
    expect(uploadNameOf('现场照片😀.JPG', 'f')).toBe('现场照片😀.JPG');
    const long = uploadNameOf(`${'😀'.repeat(300)}.png`, 'f');
    expect(Array.from(long)).toHaveLength(200);
    // No half of a surrogate pair is left at the cut.
    expect(long.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')).not.toMatch(/[\ud800-\udfff]/);
  });
});
