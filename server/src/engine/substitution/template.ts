import Handlebars from 'handlebars';
import type { SubstitutionData } from './data.ts';
import { CompileError, GenerationError } from './errors.ts';
import { checkTemplateShape, templateLimits } from './limits.ts';
import { describeParseError, findUnsupported } from './syntax.ts';

/** What the {{#each}} loops of one transmission (or preview) may still run, shared by its renders. */
export interface RenderBudget {
  iterationsLeft: number;
}

export const createRenderBudget = (): RenderBudget => ({ iterationsLeft: templateLimits.renderIterations });

export type PartTemplate = (data: SubstitutionData, budget: RenderBudget) => string;

// The budget of the render in progress: handlebars helpers cannot be handed one per call.
let activeBudget: RenderBudget = createRenderBudget();

// An isolated environment: no partials, no user helpers, and `log` removed so templates cannot write to our logs.
const env = Handlebars.create();
env.unregisterHelper('log');
const builtInEach = env.helpers.each as Handlebars.HelperDelegate;
env.registerHelper('each', function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
  const fn = options.fn;
  const counted = (item: unknown, frame?: Handlebars.RuntimeOptions) => {
    activeBudget.iterationsLeft -= 1;
    if (activeBudget.iterationsLeft < 0) {
      throw new GenerationError(
        'generation_failure',
        `template loops ran more than ${templateLimits.renderIterations.toLocaleString('en-US')} iterations, the limit per transmission`,
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
  checkTemplateShape(part, source);
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
    activeBudget = createRenderBudget();
    template({}, RUNTIME_OPTIONS);
  } catch (error) {
    throw new CompileError(part, undefined, error instanceof Error ? error.message : String(error));
  }

  return (data, budget) => {
    activeBudget = budget;
    return template(data, RUNTIME_OPTIONS);
  };
}
