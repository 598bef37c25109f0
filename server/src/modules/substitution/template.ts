import Handlebars from 'handlebars';
import type { SubstitutionData } from './data.ts';
import { CompileError, GenerationError } from './errors.ts';
import { describeParseError, findUnsupported } from './syntax.ts';

export type PartTemplate = (data: SubstitutionData) => string;

// Bounds nested {{#each}} blow-ups (e.g. three nested loops over 1,000 items) so one template cannot stall a worker.
const MAX_LOOP_ITERATIONS = 1_000_000;
let loopIterationsLeft = MAX_LOOP_ITERATIONS;

// An isolated environment: no partials, no user helpers, and `log` removed so templates cannot write to our logs.
const env = Handlebars.create();
env.unregisterHelper('log');
const builtInEach = env.helpers.each as Handlebars.HelperDelegate;
env.registerHelper('each', function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
  const fn = options.fn;
  const counted = (item: unknown, frame?: Handlebars.RuntimeOptions) => {
    loopIterationsLeft -= 1;
    if (loopIterationsLeft < 0) {
      throw new GenerationError(
        'generation_failure',
        `template loops ran more than ${MAX_LOOP_ITERATIONS} iterations`,
      );
    }
    return fn(item, frame);
  };
  return builtInEach.call(this, context, { ...options, fn: counted });
});

// Explicit `false` keeps handlebars' safe default (no prototype properties or methods) without its console warning.
const RUNTIME_OPTIONS: Handlebars.RuntimeOptions = {
  allowProtoPropertiesByDefault: false,
  allowProtoMethodsByDefault: false,
};

/**
 * Parses and compiles one content part. `htmlEscape` makes `{{x}}` HTML-escape its value (html and amp_html);
 * otherwise `{{x}}` and `{{{x}}}` both insert the value as is.
 */
export function compilePart(part: string, source: string, htmlEscape: boolean): PartTemplate {
  let program: ReturnType<typeof env.parse>;
  try {
    program = env.parse(source);
  } catch (error) {
    const { line, message } = describeParseError(error);
    throw new CompileError(part, line, message);
  }
  const problem = findUnsupported(program);
  if (problem) throw new CompileError(part, problem.line, problem.message);

  const template = env.compile<SubstitutionData>(program, { noEscape: !htmlEscape });
  // handlebars compiles lazily on first call; one call with no data forces it now, so errors surface here.
  try {
    template({}, RUNTIME_OPTIONS);
  } catch (error) {
    throw new CompileError(part, undefined, error instanceof Error ? error.message : String(error));
  }

  return (data) => {
    loopIterationsLeft = MAX_LOOP_ITERATIONS;
    return template(data, RUNTIME_OPTIONS);
  };
}
