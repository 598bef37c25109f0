import { describe, expect, it } from 'vitest';
import { fill, labelsFor } from './i18n.ts';

describe('editor labels', () => {
  it('speaks Indonesian for id and id-ID, and English otherwise', () => {
    expect(labelsFor('id').save).toBe('Simpan');
    expect(labelsFor('id-ID').statusSaved).toBe('Semua perubahan tersimpan');
    expect(labelsFor('fr').statusSaved).toBe('All changes saved');
    expect(labelsFor(undefined).narrowTitle).toBe('The editor cannot open on a screen narrower than 1024px.');
  });

  it('fills named values in', () => {
    expect(fill('Saved as "{name}".', { name: 'Footer' })).toBe('Saved as "Footer".');
    expect(fill('{missing}', {})).toBe('{missing}');
  });
});
