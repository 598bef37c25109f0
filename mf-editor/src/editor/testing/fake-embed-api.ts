// The embed API as the editor's component tests need it: a stand-in for window.fetch (no server in
// web-test-runner), answering the template "welcome" and recording what the editor sent.
const savedBlock = {
  id: 's1',
  name: 'Footer note',
  created_at: 'now',
  block: {
    id: 'old1',
    type: 'separator',
    style: { paddingY: 0, paddingX: 0, background: 'transparent', align: 'left', hideOnMobile: false },
    props: {},
  },
};

/** A page's saved section (a Form block): a mail's editor must not offer it. */
const pageSection = {
  id: 's-page',
  name: 'Sign-up section',
  created_at: 'now',
  block: {
    id: 'old2',
    type: 'form',
    style: { paddingY: 0, paddingX: 0, background: 'transparent', align: 'left', hideOnMobile: false },
    props: { formId: '' },
  },
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fake embed API in place of `window.fetch`: answers by method and path, records every call. */
/** The block types the fake session says the plan leaves out (a test sets it, then sets it back). */
export const fakePlan: { blocksOff: string[] } = { blocksOff: [] };

/** `saveStatuses`: what each PUT of the design answers in turn (the last one repeats). */
export function fakeServer(...saveStatuses: number[]) {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  window.fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace('/embed/v1', '');
    calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (path === '/session')
      return json(200, {
        results: {
          company_name: 'Acme',
          subaccount_id: 0,
          template_id: null,
          expires_at: '2030-01-01T00:00:00Z',
          blocks_off: fakePlan.blocksOff,
          merge_tags: ['email', 'firstname', 'lastname', 'phone', 'plan'],
          merge_samples: { email: 'alex.morgan@example.com', firstname: 'Alex', plan: 'Gold' },
        },
      });
    if (path === '/templates/welcome/design' && method === 'GET')
      return json(200, {
        results: {
          template_id: 'welcome',
          name: 'Welcome',
          exists: true,
          design: null,
          revision: 4,
          has_draft: true,
          has_published: false,
          updated_at: null,
        },
      });
    if (path === '/templates/welcome/design' && method === 'PUT') {
      const saveStatus = saveStatuses.length > 1 ? saveStatuses.shift() : saveStatuses[0];
      if (saveStatus === 409) return json(409, { errors: [{ message: 'conflict', code: '1409' }] });
      return json(200, {
        results: {
          template_id: 'welcome',
          revision: 5,
          has_draft: true,
          has_published: true,
          updated_at: 'now',
        },
      });
    }
    if (path === '/render')
      return json(200, {
        results: {
          html: '<p>x {{firstname}} {{plan}}</p>',
          text: 'x {{firstname}}',
          findings: [],
          assets: {},
        },
      });
    if (path === '/saved-blocks' && method === 'GET')
      return json(200, { results: [savedBlock, pageSection] });
    if (path === '/saved-blocks' && method === 'POST')
      return json(200, { results: { ...(calls.at(-1)?.body as object), id: 's2', created_at: 'now' } });
    return json(404, { errors: [{ message: 'not found' }] });
  };
  return calls;
}

export async function until<T>(read: () => T | null | undefined | false): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}
