import { describe, expect, it } from 'vitest';
import { tokenMaker } from './embed-token-maker.ts';

describe('tokenMaker', () => {
  it('names the API key by the start of its id, a console session as ending with it', () => {
    expect(
      tokenMaker({ created_by: { type: 'api_key', api_key_id: '0f3c9a12-5b7e-4d1a-9c3e-2a7b8c9d0e1f' } }),
    ).toBe('API key 0f3c9a12…');
    expect(tokenMaker({ created_by: { type: 'session' } })).toBe('A console session (ends with it)');
  });
});
