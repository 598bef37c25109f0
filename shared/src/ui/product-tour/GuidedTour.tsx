import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { tourStyles } from './tour-styles.ts';

export interface TourStep {
  /** CSS selector of the element the step points at, in the host page; none centres the card. */
  target?: string;
  title: string;
  body: string;
}

export interface GuidedTourProps {
  steps?: TourStep[];
  open?: boolean;
  /** Label of the last step's button. */
  doneLabel?: string;
  /** CustomEvent `finish`: the last step was confirmed. */
  onFinish?: (detail: { steps: number }) => void;
  /** CustomEvent `skip`: closed early (Skip tour or Escape); detail.step is where. */
  onSkip?: (detail: { step: number }) => void;
  /** CustomEvent `step`: a step is shown. */
  onStep?: (detail: { step: number; title: string }) => void;
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const gap = 12;
const cardWidth = 340;

function boxOf(selector: string | undefined): Box | null {
  if (!selector) return null;
  const element = document.querySelector(selector);
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return null;
  return { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
}

/** Below the target when there is room, else above; always inside the viewport. */
function cardPosition(target: Box | null, cardHeight: number): { top: number; left: number } {
  const width = Math.min(cardWidth, window.innerWidth - 2 * gap);
  if (!target) {
    return {
      top: Math.max(gap, (window.innerHeight - cardHeight) / 2),
      left: Math.max(gap, (window.innerWidth - width) / 2),
    };
  }
  const below = target.top + target.height + gap;
  const top =
    below + cardHeight <= window.innerHeight - gap ? below : Math.max(gap, target.top - gap - cardHeight);
  const left = Math.min(Math.max(gap, target.left), window.innerWidth - width - gap);
  return { top, left };
}

/**
 * A guided tour over a page: one card per step, pointing at an element of the page with a ring
 * around it. Keyboard: Escape skips, arrow keys move, focus goes to each new card. Shipped as the
 * `<product-tour>` custom element (product-tour-element.ts).
 */
export function GuidedTour({
  steps = [],
  open = false,
  doneLabel = 'Done',
  onFinish,
  onSkip,
  onStep,
}: GuidedTourProps) {
  const [index, setIndex] = useState(0);
  const [target, setTarget] = useState<Box | null>(null);
  const [cardHeight, setCardHeight] = useState(180);
  const card = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const step = steps[index];
  const visible = open && step !== undefined;

  useEffect(() => {
    if (open) setIndex(0);
  }, [open]);

  const measure = useCallback(() => {
    setTarget(boxOf(step?.target));
    if (card.current) setCardHeight(card.current.offsetHeight);
  }, [step]);

  useLayoutEffect(() => {
    if (!visible) return;
    const element = step?.target ? document.querySelector(step.target) : null;
    element?.scrollIntoView?.({ block: 'nearest' });
    measure();
    card.current?.focus();
    onStep?.({ step: index, title: step?.title ?? '' });
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
    // onStep is a new function on each render of the element; the step is what matters.
  }, [visible, index, step, measure]);

  if (!visible || !step) return null;
  const last = index === steps.length - 1;
  const next = () => (last ? onFinish?.({ steps: steps.length }) : setIndex(index + 1));
  const back = () => setIndex(Math.max(0, index - 1));
  const skip = () => onSkip?.({ step: index });
  const position = cardPosition(target, cardHeight);

  return (
    <>
      <style>{tourStyles}</style>
      <div className="backdrop" aria-hidden="true" />
      {target ? (
        <div
          className="ring"
          aria-hidden="true"
          style={{
            top: target.top - 4,
            left: target.left - 4,
            width: target.width + 8,
            height: target.height + 8,
          }}
        />
      ) : null}
      <div
        ref={card}
        className="card"
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ top: position.top, left: position.left }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') skip();
          if (event.key === 'ArrowRight') next();
          if (event.key === 'ArrowLeft') back();
        }}
      >
        <p className="count">
          Step {index + 1} of {steps.length}
        </p>
        <h2 id={titleId}>{step.title}</h2>
        <p>{step.body}</p>
        <div className="actions">
          <button type="button" className="link" onClick={skip}>
            Skip tour
          </button>
          <span>
            {index > 0 ? (
              <button type="button" onClick={back}>
                Back
              </button>
            ) : null}
            <button type="button" className="primary" onClick={next}>
              {last ? doneLabel : 'Next'}
            </button>
          </span>
        </div>
      </div>
    </>
  );
}
