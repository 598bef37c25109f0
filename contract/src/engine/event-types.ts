// The message event types, without zod: the console's activity filters list them at first paint
// (events.ts re-exports them).

/** Event types this engine records (SparkPost's names); delivery-side types join with the delivery workers. */
export const messageEventTypes = [
  'injection',
  'delivery',
  'bounce',
  'delay',
  'policy_rejection',
  'out_of_band',
  'spam_complaint',
  'open',
  'initial_open',
  'click',
  'amp_open',
  'amp_initial_open',
  'amp_click',
  'generation_failure',
  'generation_rejection',
  'list_unsubscribe',
  'link_unsubscribe',
] as const;
