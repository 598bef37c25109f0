import type { ReceivedMessage } from '../../server/src/testing/smtp-receiver.ts';
import { indexOf, recipientPlan } from './catalogue.ts';

/** Clicks sooner than 5 s after delivery are a scanner's (prefetched): people read a little later. */
const readAfterMs = 6_000;

interface Task {
  due: number;
  url: string;
  userAgent: string;
  kind: 'open' | 'click';
}

/** The html part of a delivered message, quoted-printable undone. */
function htmlOf(raw: string): string {
  const start = raw.search(/content-type:\s*text\/html/i);
  return (start < 0 ? raw : raw.slice(start))
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export interface EngagementCounts {
  /** Messages the receiver got (delivered, after a delay or not). */
  received: number;
  opens: number;
  clicks: number;
  /** Recipients who opened / clicked at least once. */
  uniqueOpened: number;
  uniqueClicked: number;
  /** Requests that did not answer as a tracked URL should (200 pixel, 302 redirect). */
  failures: number;
}

/**
 * Reads what the test receiver got, as each recipient would: after a few seconds, the planned opens
 * (the open pixel `/q/<token>` of the html) and clicks (its tracked links `/f/<token>`), with the
 * recipient's mail client as user agent, `parallel` requests at a time. Drains the receiver's
 * message list as it goes (a large seed would otherwise keep every message in memory).
 */
export function startEngagement(messages: ReceivedMessage[], parallel = 24) {
  const counts: EngagementCounts = {
    received: 0,
    opens: 0,
    clicks: 0,
    uniqueOpened: 0,
    uniqueClicked: 0,
    failures: 0,
  };
  // First in, first out: every task is due a few seconds after its message came, so the queue stays
  // nearly in due order; a task is never run before it is due.
  let queue: Task[] = [];
  let head = 0;
  let running = 0;
  let stopped = false;

  const plan = (message: ReceivedMessage) => {
    counts.received += 1;
    const index = indexOf(message.rcptTo[0] ?? '');
    if (index === undefined) return;
    const { opens, clicks } = recipientPlan(index);
    if (opens.length === 0 && clicks.length === 0) return;
    const html = htmlOf(message.raw.toString('latin1'));
    const pixel = /https?:\/\/[^"'\s<>]+\/q\/[^"'\s<>]+/.exec(html)?.[0];
    const links = [...html.matchAll(/href="(https?:\/\/[^"]+\/f\/[^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    const now = Date.now();
    opens.forEach((userAgent, order) => {
      if (pixel) queue.push({ due: now + readAfterMs + order * 2_000, url: pixel, userAgent, kind: 'open' });
    });
    if (opens.length > 0) counts.uniqueOpened += pixel ? 1 : 0;
    for (const click of clicks) {
      const url = links[click.link];
      if (url) queue.push({ due: now + readAfterMs + 1_000, url, userAgent: click.userAgent, kind: 'click' });
    }
    if (clicks.length > 0 && links.length > 0) counts.uniqueClicked += 1;
  };

  const run = async (task: Task) => {
    running += 1;
    try {
      const response = await fetch(task.url, {
        headers: { 'user-agent': task.userAgent },
        redirect: 'manual',
      });
      await response.arrayBuffer();
      const expected = task.kind === 'open' ? 200 : 302;
      if (response.status === expected) counts[task.kind === 'open' ? 'opens' : 'clicks'] += 1;
      else counts.failures += 1;
    } catch {
      counts.failures += 1;
    } finally {
      running -= 1;
    }
  };

  const tick = () => {
    for (const message of messages.splice(0)) plan(message);
    const now = Date.now();
    while (running < parallel && head < queue.length && (queue[head] as Task).due <= now) {
      const task = queue[head] as Task;
      head += 1;
      void run(task).then(() => {
        if (!stopped) tick();
      });
    }
    if (head > 10_000) {
      queue = queue.slice(head);
      head = 0;
    }
  };
  const timer = setInterval(tick, 250);

  return {
    counts,
    /** Nothing planned is left to do. */
    idle: () => head === queue.length && running === 0 && messages.length === 0,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
