/// <reference types="mocha" />
import { expect } from '@esm-bundle/chai';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { defineSignupForm, signupFormTag } from './signup-form-element.tsx';

// The public Form API as these tests need it: a stand-in for window.fetch (no server in
// web-test-runner) serving form 7, recording what the element sent. The end-to-end test drives the
// element against the real server.
const shopForm = (settings: object = {}) => ({
  formId: '7',
  name: 'Newsletter',
  closed: null,
  components: [
    { id: 'email', type: 'inputText', setting: { title: 'Your email', required: true, field: 'email' } },
    {
      id: 'shop',
      type: 'inputDropdown',
      setting: {
        title: 'Do you have a shop?',
        required: true,
        options: [
          { optionId: 'yes', label: 'Yes', childs: ['shopName'] },
          { optionId: 'no', label: 'No' },
        ],
      },
    },
    { id: 'shopName', type: 'inputText', setting: { title: 'Shop name', required: true } },
  ],
  settings: {
    captcha: 'proofOfWork',
    enableConditional: true,
    submitBtnTitle: 'Join',
    wizardMode: false,
    nextTitle: 'Next',
    backTitle: 'Back',
    consentText: 'I agree to receive emails.',
    ...settings,
  },
});

interface Sent {
  url: string;
  body: { answers: Record<string, unknown>; captcha: string; website: string };
}

const fileId = '0f8fad5b-d9cb-469f-a165-70867728950e';

function fakeFormApi(options: { form?: object | null; submitStatus?: number; submitBody?: object } = {}) {
  const sent: Sent[] = [];
  const files: { url: string; file: File }[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const { pathname } = new URL(url);
    if (pathname === '/embed/forms/7/challenge') {
      return json(
        200,
        await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 1, counter: 20, deriveKey }),
      );
    }
    if (pathname === '/embed/forms/7/files') {
      const file = (init?.body as FormData | undefined)?.get('file') as File;
      files.push({ url, file });
      return json(201, { data: { id: fileId, fieldId: 'cv', name: file.name, size: file.size, type: '' } });
    }
    if (pathname === '/embed/forms/7/submit') {
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      return json(
        options.submitStatus ?? 200,
        options.submitBody ?? {
          data: { message: 'Almost done: check your email.', redirectUrl: null, confirmation: true },
        },
      );
    }
    if (pathname === '/embed/forms/7' && options.form !== null)
      return json(200, { data: options.form ?? shopForm() });
    return json(404, { code: 'entityNotFound', message: 'Form not found' });
  };
  return Object.assign(sent, { files });
}

async function until<T>(read: () => T | null | undefined | false): Promise<T> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const value = read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}

function place(parent: ParentNode & Node = document.body): HTMLElement {
  defineSignupForm('https://forms.example');
  const element = document.createElement(signupFormTag);
  element.setAttribute('form-id', '7');
  parent.appendChild(element);
  return element;
}

const inside = <T extends Element = HTMLElement>(element: HTMLElement, selector: string) =>
  element.shadowRoot?.querySelector<T>(selector) ?? null;
const labelled = (element: HTMLElement, text: string) =>
  [...(element.shadowRoot?.querySelectorAll('label') ?? [])].find((label) =>
    label.textContent?.startsWith(text),
  );
const fieldOf = <T extends HTMLElement>(element: HTMLElement, label: string) => {
  const id = labelled(element, label)?.htmlFor;
  return id ? inside<T & Element>(element, `#${CSS.escape(id)}`) : null;
};

/** Sets a React-controlled field's value as typing or choosing would. */
function enter(field: HTMLInputElement | HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}
const button = (element: HTMLElement, text: string) =>
  [...(element.shadowRoot?.querySelectorAll('button') ?? [])].find((node) => node.textContent === text);

describe('<signup-form>', () => {
  afterEach(() => {
    for (const node of document.querySelectorAll(`${signupFormTag}, .vendor-portal`)) node.remove();
  });

  it('shows the fields a chosen option opens, asks what is required, and sends the solved captcha', async () => {
    const sent = fakeFormApi();
    const events: CustomEvent[] = [];
    for (const name of ['submit', 'success'])
      document.addEventListener(name, (event) => events.push(event as CustomEvent), { once: true });
    const element = place();
    const email = await until(() => fieldOf<HTMLInputElement>(element, 'Your email'));
    expect(email.type).to.equal('email');
    expect(email.autocomplete).to.equal('email');
    // Conditional mode: the shop's name waits for "Yes".
    expect(labelled(element, 'Shop name')).to.equal(undefined);
    expect(element.shadowRoot?.adoptedStyleSheets.length).to.equal(1);
    enter(email, 'zoe@visitor.test');
    enter(await until(() => fieldOf<HTMLSelectElement>(element, 'Do you have a shop?')), 'yes');
    const shopName = await until(() => fieldOf<HTMLInputElement>(element, 'Shop name'));
    button(element, 'Join')?.click();
    const error = await until(() => inside(element, '[part="error"]'));
    expect(error.textContent).to.equal('This field is required');
    expect(shopName.getAttribute('aria-invalid')).to.equal('true');
    expect(shopName.getAttribute('aria-describedby')).to.equal(error.id);
    expect(sent.length).to.equal(0);

    enter(shopName, 'Bikes');
    button(element, 'Join')?.click();
    const message = await until(() => inside(element, '[part="message"]'));
    expect(message.textContent).to.equal('Almost done: check your email.');
    expect(sent[0]?.url).to.equal('https://forms.example/embed/forms/7/submit');
    expect(sent[0]?.body.answers).to.deep.equal({
      email: 'zoe@visitor.test',
      shop: 'yes',
      shopName: 'Bikes',
    });
    expect(sent[0]?.body.website).to.equal('');
    const payload = JSON.parse(atob(sent[0]?.body.captcha ?? ''));
    expect(payload.solution.counter).to.equal(20);
    await until(() => events.length === 2);
    expect(events.map((event) => [event.type, event.composed, event.detail.formId])).to.deep.equal([
      ['submit', true, '7'],
      ['success', true, '7'],
    ]);
    expect(events[1]?.detail.confirmation).to.equal(true);
  });

  it("puts the server's refusal next to the field it names, and says so with an error event", async () => {
    fakeFormApi({
      submitStatus: 400,
      submitBody: {
        code: 'validation',
        message: 'The Your email is Invalid',
        payload: { field: 'Your email', value: 'email', cause: 'Enter a valid email address' },
      },
    });
    const errors: CustomEvent[] = [];
    const element = place();
    element.addEventListener('error', (event) => errors.push(event as unknown as CustomEvent));
    enter(await until(() => fieldOf<HTMLInputElement>(element, 'Your email')), 'zoe@');
    enter(await until(() => fieldOf<HTMLSelectElement>(element, 'Do you have a shop?')), 'no');
    button(element, 'Join')?.click();
    const error = await until(() => inside(element, '[part="error"]'));
    expect(error.textContent).to.equal('Enter a valid email address');
    expect(fieldOf<HTMLInputElement>(element, 'Your email')?.getAttribute('aria-invalid')).to.equal('true');
    expect(errors[0]?.detail).to.deep.include({ formId: '7', code: 'validation' });
    expect(errors[0]?.bubbles).to.equal(false);
    expect(errors[0]?.composed).to.equal(true);
  });

  it('works inside a vendor portal’s shadow root, one question at a time in wizard mode', async () => {
    fakeFormApi({ form: shopForm({ wizardMode: true }) });
    const portal = document.createElement('div');
    portal.className = 'vendor-portal';
    document.body.append(portal);
    const root = portal.attachShadow({ mode: 'open' });
    const successes: CustomEvent[] = [];
    document.addEventListener('success', (event) => successes.push(event as CustomEvent), { once: true });
    const element = place(root);
    const progress = await until(() => inside(element, '[part="progress"]'));
    expect(progress.textContent).to.equal('Question 1 of 2');
    expect(button(element, 'Join')).to.equal(undefined);
    button(element, 'Next')?.click();
    await until(() => inside(element, '[part="error"]'));
    enter(await until(() => fieldOf<HTMLInputElement>(element, 'Your email')), 'zoe@visitor.test');
    button(element, 'Next')?.click();
    await until(() => inside(element, '[part="progress"]')?.textContent === 'Question 2 of 2');
    button(element, 'Back')?.click();
    await until(() => fieldOf<HTMLInputElement>(element, 'Your email')?.value === 'zoe@visitor.test');
    button(element, 'Next')?.click();
    enter(await until(() => fieldOf<HTMLSelectElement>(element, 'Do you have a shop?')), 'no');
    (await until(() => button(element, 'Join')))?.click();
    await until(() => successes.length > 0);
    // The event crossed the portal's shadow root to the page.
    expect(successes[0]?.composed).to.equal(true);
  });

  it('checks a chosen file, sends it before the answers, and names it by the id the server gave', async () => {
    const form = shopForm();
    form.components = [
      form.components[0] as (typeof form.components)[number],
      { id: 'cv', type: 'uploadFile', setting: { title: 'Your CV', required: true } },
    ];
    const sent = fakeFormApi({ form });
    const element = place();
    enter(await until(() => fieldOf<HTMLInputElement>(element, 'Your email')), 'ada@applicant.test');
    const input = await until(() => fieldOf<HTMLInputElement>(element, 'Your CV'));
    expect(input.type).to.equal('file');
    expect(input.accept).to.contain('.pdf');
    const choose = (file: File) => {
      const chosen = new DataTransfer();
      chosen.items.add(file);
      input.files = chosen.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    choose(new File(['MZ'], 'setup.exe'));
    const refused = await until(() => inside(element, '[part="error"]'));
    expect(refused.textContent).to.match(/^Files of this type cannot be uploaded/);
    expect(input.value).to.equal('');
    button(element, 'Join')?.click();
    await until(() => inside(element, '[part="error"]')?.textContent === 'This field is required');
    expect(sent.files.length).to.equal(0);

    choose(new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    await until(() => inside(element, '[part="hint"]')?.textContent === 'Chosen: cv.pdf');
    button(element, 'Join')?.click();
    await until(() => inside(element, '[part="message"]'));
    expect(sent.files.map((entry) => [entry.url, entry.file.name])).to.deep.equal([
      ['https://forms.example/embed/forms/7/files?field=cv', 'cv.pdf'],
    ]);
    expect(sent[0]?.body.answers).to.deep.equal({ email: 'ada@applicant.test', cv: fileId });
  });

  it("draws the company's captcha provider in the page, and sends the token it gives", async () => {
    const rendered: {
      container: HTMLElement;
      options: { sitekey: string; callback(token: string): void };
    }[] = [];
    let resets = 0;
    const globals = window as unknown as Record<string, unknown>;
    globals.hcaptcha = {
      render: (container: HTMLElement, options: (typeof rendered)[number]['options']) =>
        rendered.push({ container, options }),
      reset: () => {
        resets += 1;
      },
    };
    const sent = fakeFormApi({
      form: shopForm({ captcha: 'hcaptcha', captchaSiteKey: 'site-123', enableConditional: false }),
      submitStatus: 400,
      submitBody: { code: 'captchaInvalid', message: 'Captcha is invalid', payload: { field: 'captcha' } },
    });
    try {
      const element = place();
      enter(await until(() => fieldOf<HTMLInputElement>(element, 'Your email')), 'zoe@visitor.test');
      enter(await until(() => fieldOf<HTMLSelectElement>(element, 'Do you have a shop?')), 'no');
      enter(await until(() => fieldOf<HTMLInputElement>(element, 'Shop name')), 'Bikes');
      const widget = await until(() => rendered[0]);
      // The provider draws in the page's own DOM, shown in the form through its slot.
      expect(widget.container.parentElement).to.equal(element);
      expect(widget.container.slot).to.equal('captcha');
      expect(widget.options.sitekey).to.equal('site-123');
      button(element, 'Join')?.click();
      expect((await until(() => inside(element, '[part="error"]'))).textContent).to.equal(
        'Complete the captcha check first.',
      );
      expect(sent.length).to.equal(0);

      widget.options.callback('token-1');
      await until(() => !inside(element, '[part="error"]'));
      button(element, 'Join')?.click();
      await until(() => inside(element, '[part="error"]')?.textContent === 'Captcha is invalid');
      expect(sent[0]?.body.captcha).to.equal('token-1');
      // A token is good once: the widget is reset for a new check.
      await until(() => resets === 1);
    } finally {
      delete globals.hcaptcha;
    }
  });

  it('says a form that is not published is not available', async () => {
    fakeFormApi({ form: null });
    const errors: CustomEvent[] = [];
    const element = place();
    element.addEventListener('error', (event) => errors.push(event as unknown as CustomEvent));
    // "Loading the form…" stands in the same part until the answer comes.
    const message = await until(() => inside(element, '[part="message"][role="alert"]'));
    expect(message.textContent).to.equal('This form is not available.');
    await until(() => errors.length > 0);
    expect(errors[0]?.detail.code).to.equal('entityNotFound');
  });

  it('draws a preview without the server, and only checks the answers', async () => {
    const sent = fakeFormApi();
    defineSignupForm('https://forms.example');
    const element = document.createElement(signupFormTag);
    element.setAttribute('preview', JSON.stringify(shopForm()));
    document.body.append(element);
    enter(await until(() => fieldOf<HTMLSelectElement>(element, 'Do you have a shop?')), 'yes');
    await until(() => fieldOf<HTMLInputElement>(element, 'Shop name'));
    button(element, 'Join')?.click();
    expect((await until(() => inside(element, '[part="error"]'))).textContent).to.equal(
      'This field is required',
    );
    enter(await until(() => fieldOf<HTMLInputElement>(element, 'Your email')), 'zoe@visitor.test');
    enter(await until(() => fieldOf<HTMLInputElement>(element, 'Shop name')), 'Bikes');
    button(element, 'Join')?.click();
    const note = await until(() => inside(element, '[part="message"]'));
    expect(note.textContent).to.contain('This is a preview');
    expect(sent.length).to.equal(0);
  });
});
