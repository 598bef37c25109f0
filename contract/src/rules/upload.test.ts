import { describe, expect, it } from 'vitest';
import { allowedUploadTypes, isAllowedUploadType, isWithinUploadLimit, sanitizeFilename } from './upload.ts';

describe('isAllowedUploadType', () => {
  it('has exactly the §5 list', () => {
    expect(allowedUploadTypes.join(',')).toBe(
      'jpg,png,jpeg,gif,jfif,svg,tiff,docx,xlsx,pdf,xls,md,pptx,ppt,doc,csv,txt,mp3,mp4,mov,avi,zip,rar,webp,avif',
    );
  });
  it.each(allowedUploadTypes)('accepts .%s', (extension) => {
    expect(isAllowedUploadType(`file.${extension}`)).toBe(true);
  });
  it.each(['photo.JPG', 'Report.PdF', 'a.b.CSV'])('accepts upper-case %s', (name) => {
    expect(isAllowedUploadType(name)).toBe(true);
  });
  it.each(['run.exe', 'page.html', 'script.js', 'noextension', 'trailing.', '.png', 'x.tif', ''])(
    'refuses %j',
    (name) => {
      expect(isAllowedUploadType(name)).toBe(false);
    },
  );
});

describe('isWithinUploadLimit', () => {
  it('accepts exactly 20971520 bytes and refuses one more', () => {
    expect(isWithinUploadLimit(20971520)).toBe(true);
    expect(isWithinUploadLimit(20971521)).toBe(false);
  });
  it('refuses empty and invalid sizes', () => {
    expect(isWithinUploadLimit(0)).toBe(false);
    expect(isWithinUploadLimit(Number.NaN)).toBe(false);
    expect(isWithinUploadLimit(-5)).toBe(false);
  });
  it('takes a custom limit', () => {
    expect(isWithinUploadLimit(11, 10)).toBe(false);
  });
});

describe('sanitizeFilename', () => {
  it('keeps word characters and dashes, and the extension', () => {
    expect(sanitizeFilename('My Photo (1)!.png')).toBe('MyPhoto1.png');
    expect(sanitizeFilename('report-2024_final.PDF')).toBe('report-2024_final.pdf');
    expect(sanitizeFilename('noext name')).toBe('noextname');
  });
  it('uses a random name when nothing is left', () => {
    expect(sanitizeFilename('###.jpg', () => 'random')).toBe('random.jpg');
    expect(sanitizeFilename('', () => 'random')).toBe('random');
    expect(sanitizeFilename('日本語', () => 'random')).toBe('random');
  });
  it('default random names are word characters and differ', () => {
    const first = sanitizeFilename('!!!.png');
    const second = sanitizeFilename('!!!.png');
    expect(first).toMatch(/^[a-z0-9]{16}\.png$/);
    expect(first).not.toBe(second);
  });
});
