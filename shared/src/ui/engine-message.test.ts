import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { engineMessage } from './engine-message.ts';

describe('engineMessage', () => {
  it("gives SparkPost's message, its description and the part and line that do not compile", () => {
    const body = {
      errors: [
        {
          message: 'substitution language syntax error in template content',
          description: 'Error while compiling html line 2: unclosed {{',
          code: '3000',
          part: 'html',
          line: 2,
        },
      ],
    };
    expect(engineMessage(new ApiError('Request failed', 422, body, false))).toBe(
      'substitution language syntax error in template content: Error while compiling html line 2: unclosed {{ (html, line 2)',
    );
  });

  it('falls back to the error message when the answer has no errors list', () => {
    expect(engineMessage(new ApiError('Forbidden', 403, { message: 'x' }, false))).toBe('Forbidden');
    expect(engineMessage(new Error('offline'))).toBe('offline');
    const reserved = { errors: [{ message: 'IP Pool default is reserved.', code: '1300' }] };
    expect(engineMessage(new ApiError('Request failed', 400, reserved, false))).toBe(
      'IP Pool default is reserved.',
    );
  });
});
