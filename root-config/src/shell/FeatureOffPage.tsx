import { LinkButton } from '@app/shared';

/** A route the company's restricted console profile (§6) leaves out: said plainly, with a way on. */
export function FeatureOffPage({ title }: { title: string }) {
  return (
    <section className="shell-page app-empty" aria-labelledby="feature-off-title">
      <h1 id="feature-off-title">{title} is not part of your console</h1>
      <p>
        Your account's console is set up without this area. If you need it, ask the person who manages your
        account to include it.
      </p>
      <p>
        <LinkButton to="/analytic" variant="primary">
          Back to home page
        </LinkButton>
      </p>
    </section>
  );
}
