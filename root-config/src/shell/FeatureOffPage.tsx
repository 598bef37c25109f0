import { LinkButton } from '@app/shared';

const explanations = {
  profile: {
    heading: 'is not part of your console',
    text: "Your account's console is set up without this area. If you need it, ask the person who manages your account to include it.",
  },
  plan: {
    heading: 'is not part of your plan',
    text: "Your company's plan does not include this area. Ask the person who manages your account to change the plan.",
  },
} as const;

/**
 * A route the company's restricted console profile or its plan (§6) leaves out: said plainly, with
 * a way on.
 */
export function FeatureOffPage({ title, reason }: { title: string; reason: 'profile' | 'plan' }) {
  const { heading, text } = explanations[reason];
  return (
    <section className="shell-page app-empty" aria-labelledby="feature-off-title">
      <h1 id="feature-off-title">
        {title} {heading}
      </h1>
      <p>{text}</p>
      <p>
        <LinkButton to="/analytic" variant="primary">
          Back to home page
        </LinkButton>
      </p>
    </section>
  );
}
