/** A value as COPY's text format writes it: backslash, tab, newline and carriage return escaped. */
export const copyText = (value: string): string =>
  /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (char) =>
        char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
      )
    : value;

/** A nullable value in COPY's text format (`\N` for null). */
export const copyNullable = (value: string | null): string => (value === null ? '\\N' : copyText(value));
