/**
 * §8's import errors as the server says them and the console shows them (no zod: the first paint's
 * error catalogue reads them).
 */
export const importMessages = {
  noHeader: 'The import file has no header',
  emptyData: 'The import file has no data',
  tooBig: 'The import file is too big',
  unknownEncoding: 'The import file has an unknown encoding',
  invalidExcel: 'The import file is not a valid Excel file',
  unfinished: 'A previous import is not finished yet',
  delimiterUnsupported: 'The import file delimiter is not supported',
  contactLimit: 'Contact limit exceeded',
} as const;
