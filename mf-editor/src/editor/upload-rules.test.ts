import { describe, expect, it } from 'vitest';
import { maxUploadBytes, uploadProblem } from './upload-rules.ts';

describe('upload rules', () => {
  it('accepts the allowed types up to 20 MB', () => {
    expect(uploadProblem({ name: 'Logo.PNG', size: maxUploadBytes }, 'image')).toBeUndefined();
    expect(uploadProblem({ name: 'price list.pdf', size: 10 }, 'file')).toBeUndefined();
  });

  it('refuses files over 20 MB', () => {
    expect(uploadProblem({ name: 'big.jpg', size: maxUploadBytes + 1 }, 'image')).toBe('tooLarge');
  });

  it('refuses types outside the list, and non-images in the image picker', () => {
    expect(uploadProblem({ name: 'run.exe', size: 1 }, 'file')).toBe('typeNotAllowed');
    expect(uploadProblem({ name: 'noextension', size: 1 }, 'file')).toBe('typeNotAllowed');
    expect(uploadProblem({ name: 'sheet.xlsx', size: 1 }, 'image')).toBe('notAnImage');
  });
});
