import { describe, expect, it } from 'vitest';
import { fieldErrorText, initials, sanitizeTemplateLabel } from './text.ts';

describe('sanitizeTemplateLabel', () => {
  it('keeps letters, digits, spaces and hyphens', () => {
    expect(sanitizeTemplateLabel('Promo #1: Summer-Sale!')).toBe('Promo 1 Summer-Sale');
    expect(sanitizeTemplateLabel('Café Ünïcode 2')).toBe('Café Ünïcode 2');
    expect(sanitizeTemplateLabel('<script>')).toBe('script');
    expect(sanitizeTemplateLabel('')).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('john ronald tolkien')).toBe('JR');
    expect(initials('  Ada   Lovelace ')).toBe('AL');
    expect(initials('Cher')).toBe('C');
  });
  it('defaults to MT', () => {
    expect(initials('')).toBe('MT');
    expect(initials('   ')).toBe('MT');
    expect(initials(undefined)).toBe('MT');
  });
});

describe('fieldErrorText', () => {
  it('is "Field " + label + " " + the first error', () => {
    expect(fieldErrorText('Email', ['is required', 'is invalid'])).toBe('Field Email is required');
  });
  it('is empty without errors', () => {
    expect(fieldErrorText('Email', [])).toBe('');
    expect(fieldErrorText('Email', undefined)).toBe('');
  });
});
