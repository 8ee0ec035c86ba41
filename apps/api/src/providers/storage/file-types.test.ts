import { describe, expect, it } from 'vitest';
import { contentTypeOf, fileTypeOfName, SNIFF_BYTES, sniffFileType, type FileType } from './file-types';

const every: FileType[] = ['png', 'jpg', 'gif', 'webp', 'pdf'];
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('file types sniffed from the first bytes', () => {
  it.each([
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['gif', bytes('GIF87a')],
    ['gif', bytes('GIF89a', [1, 0])],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['pdf', bytes('%PDF-1.7\n')],
  ])('reads %s', (type, head) => {
    expect(sniffFileType(head, every)).toBe(type);
  });

  it.each([
    ['SVG, which can carry script', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['HTML', bytes('<!doctype html><script>')],
    ['a shell script', bytes('#!/bin/sh\necho hi\n')],
    ['a WAV (RIFF but not WEBP)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a signature cut short', bytes('GIF8')],
    ['a PNG signature off by one byte', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, head) => {
    expect(sniffFileType(head, every)).toBeNull();
  });

  it('answers only the types a path allows', () => {
    const webp = bytes('RIFF', [0, 0, 0, 0], 'WEBP');
    expect(sniffFileType(webp, ['jpg', 'png', 'gif', 'pdf'])).toBeNull();
    expect(sniffFileType(bytes('%PDF-'), ['png', 'jpg', 'webp'])).toBeNull();
    expect(sniffFileType(webp, ['png', 'jpg', 'webp'])).toBe('webp');
  });

  it('needs the first 12 bytes at most', () => {
    expect(SNIFF_BYTES).toBe(12);
  });

  it('serves each type with its content type', () => {
    expect(every.map(contentTypeOf)).toEqual([
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'application/pdf',
    ]);
  });

  it('reads the type of a stored name, and nothing from a name save never gives', () => {
    const name = (extension: string) => `${'0123456789abcdef'.repeat(2)}.${extension}`;
    expect(fileTypeOfName(name('png'), ['png', 'jpg'])).toBe('png');
    expect(fileTypeOfName(name('pdf'), ['png', 'jpg'])).toBeNull();
    expect(fileTypeOfName(name('PNG'), ['png'])).toBeNull();
    expect(fileTypeOfName(`../${name('png')}`, ['png'])).toBeNull();
    expect(fileTypeOfName('abc.png', ['png'])).toBeNull();
    expect(fileTypeOfName(`${name('png')}.png`, ['png'])).toBeNull();
  });
});
