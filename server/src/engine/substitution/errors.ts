export type GenerationErrorKind = 'generation_failure' | 'generation_rejection';

/** A recipient's message could not be produced; maps to SparkPost's generation_* events. */
export class GenerationError extends Error {
  kind: GenerationErrorKind;
  reason: string;

  constructor(kind: GenerationErrorKind, reason: string) {
    super(reason);
    this.name = 'GenerationError';
    this.kind = kind;
    this.reason = reason;
  }
}

/** A content part is not a valid template; reported once per transmission or template save. */
export class CompileError extends Error {
  part: string;
  line: number | undefined;
  detail: string;

  constructor(part: string, line: number | undefined, detail: string) {
    super(line === undefined ? `part ${part}: ${detail}` : `part ${part}: line ${line}: ${detail}`);
    this.name = 'CompileError';
    this.part = part;
    this.line = line;
    this.detail = detail;
  }
}
