import type { FormComponent, FormSubmitted, PublicForm } from '@app/contract/marketing/forms';
import { visibleComponents } from '@app/contract/rules/form-logic';
import {
  allowedUploadTypes,
  isAllowedUploadType,
  isWithinUploadLimit,
  uploadTooLargeMessage,
  uploadTypeMessage,
} from '@app/contract/rules/upload';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ProviderCaptcha } from './provider-captcha.tsx';
import { type FormApiFailure, failureOf, signupFormApi } from './signup-form-api.ts';
import { solveCaptcha } from './solve-captcha.ts';

type Answer = string | string[];
type Answers = Record<string, Answer>;

export interface SignupFormProps {
  formId?: string;
  /**
   * "top": the page after a submission opens in the whole window, not in the frame the form is in
   * (the hosted form framed by a site); by default, where the form is.
   */
  redirectTarget?: string;
  /** The server's address; empty: this page's origin. */
  apiBase?: string;
  /**
   * A form drawn as it stands (the builder's preview) instead of the published one: nothing is
   * fetched, and submitting only checks the answers.
   */
  preview?: PublicForm;
  /** Before the answers are sent: `{formId, answers}`. */
  onSubmit?: (detail: { formId: string; answers: Answers }) => void;
  /** The server took them: `{formId, message, redirectUrl, confirmation}`. */
  onSuccess?: (detail: { formId: string } & FormSubmitted) => void;
  /** The form could not load or the server refused the answers: `{formId, code, message}`. */
  onError?: (detail: { formId: string } & FormApiFailure) => void;
}

const isBlank = (answer: Answer | undefined) =>
  answer === undefined || (Array.isArray(answer) ? answer.length === 0 : answer.trim() === '');

/** The first field of `fields` that is required and empty, with why. */
function missingOf(
  fields: readonly FormComponent[],
  answers: Answers,
): { id: string; message: string } | undefined {
  const field = fields.find((candidate) => candidate.setting.required && isBlank(answers[candidate.id]));
  return field && { id: field.id, message: 'This field is required' };
}

interface FieldProps {
  component: FormComponent;
  value: Answer | undefined;
  error: string | undefined;
  onChange: (value: Answer) => void;
  /** An Upload File field's file was chosen (undefined: none), or refused with why. */
  onFile: (file: File | undefined, refused?: string) => void;
  idPrefix: string;
}

const acceptedFiles = allowedUploadTypes.map((extension) => `.${extension}`).join(',');

/** Why the browser will not send `file` (§5's types, 20 MB), before it is sent at all. */
const fileRefusal = (file: File) =>
  !isAllowedUploadType(file.name)
    ? uploadTypeMessage
    : isWithinUploadLimit(file.size)
      ? undefined
      : file.size === 0
        ? `The file ${file.name} is empty`
        : uploadTooLargeMessage(file.name);

/** One question: its label, its input (native elements: keyboard and screen readers work as on any page), its error. */
function Field({ component, value, error, onChange, onFile, idPrefix }: FieldProps) {
  const { id, type, setting } = component;
  const inputId = `${idPrefix}-${id}`;
  const errorId = `${inputId}-error`;
  const described = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const required = setting.required ? (
    <span part="required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
  const options = setting.options ?? [];
  const text = typeof value === 'string' ? value : '';
  const chosen = Array.isArray(value) ? value : [];
  const errorLine = error ? (
    <p part="error" id={errorId} className="error">
      {error}
    </p>
  ) : null;

  if (type === 'inputMultiple' || type === 'inputCheckbox') {
    const multiple = type === 'inputCheckbox';
    return (
      <fieldset part="field" className="field" {...described}>
        <legend part="label">
          {setting.title}
          {required}
        </legend>
        {options.map((option) => (
          <label key={option.optionId} className="choice">
            <input
              part="input"
              type={multiple ? 'checkbox' : 'radio'}
              name={inputId}
              value={option.optionId}
              checked={multiple ? chosen.includes(option.optionId) : text === option.optionId}
              onChange={(event) =>
                onChange(
                  multiple
                    ? event.target.checked
                      ? [...chosen, option.optionId]
                      : chosen.filter((item) => item !== option.optionId)
                    : option.optionId,
                )
              }
            />{' '}
            {option.label}
          </label>
        ))}
        {errorLine}
      </fieldset>
    );
  }
  const common = {
    id: inputId,
    part: 'input',
    required: setting.required,
    value: text,
    ...described,
  };
  return (
    <div part="field" className="field">
      <label part="label" htmlFor={inputId}>
        {setting.title}
        {required}
      </label>
      {type === 'inputDropdown' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">{setting.placeholder ?? 'Choose…'}</option>
          {options.map((option) => (
            <option key={option.optionId} value={option.optionId}>
              {option.label}
            </option>
          ))}
        </select>
      ) : type === 'uploadFile' ? (
        <input
          id={inputId}
          part="input file"
          type="file"
          accept={acceptedFiles}
          required={setting.required}
          {...described}
          onChange={(event) => {
            const file = event.target.files?.[0];
            const refused = file && fileRefusal(file);
            if (refused) event.target.value = '';
            onFile(refused ? undefined : file, refused);
          }}
        />
      ) : type === 'inputTextarea' ? (
        <textarea
          {...common}
          placeholder={setting.placeholder}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...common}
          type={setting.field === 'email' ? 'email' : type === 'inputPhone' ? 'tel' : 'text'}
          autoComplete={
            setting.field === 'email'
              ? 'email'
              : setting.field === 'firstname'
                ? 'given-name'
                : type === 'inputPhone'
                  ? 'tel'
                  : undefined
          }
          placeholder={setting.placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {type === 'uploadFile' && text ? (
        <p part="hint" className="hint">
          Chosen: {text}
        </p>
      ) : null}
      {errorLine}
    </div>
  );
}

/**
 * A published form as a visitor fills it: its questions (with conditional mode, the fields chosen
 * options show; in wizard mode one at a time), the captcha solved in the background from the first
 * keystroke, a honeypot, and the server's answer (its message, or its redirect).
 */
/**
 * Opens `url` after a submission: in the top window when asked and framed (a site framing the hosted
 * form), which a browser allows a frame from another site right after the visitor's click; false
 * when it refused (the visitor then follows a link).
 */
function openAfterSubmit(url: string, target: string | undefined): boolean {
  if (target !== 'top' || window.top === window.self || !window.top) {
    window.location.assign(url);
    return true;
  }
  try {
    window.top.location.href = url;
    return true;
  } catch {
    return false;
  }
}

export function SignupForm({
  formId = '',
  redirectTarget,
  apiBase = '',
  preview,
  onSubmit,
  onSuccess,
  onError,
}: SignupFormProps) {
  const api = useMemo(() => signupFormApi(apiBase), [apiBase]);
  const [loaded, setForm] = useState<PublicForm | undefined>();
  const [loadFailure, setLoadFailure] = useState<string | undefined>();
  const [answers, setAnswers] = useState<Answers>({});
  /** The files chosen for Upload File fields (their answers hold the names until they are sent). */
  const files = useRef(new Map<string, File>());
  /** Files the server already has, by the File chosen: a second try does not send them again. */
  const sentFiles = useRef(new WeakMap<File, string>());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<FormSubmitted | undefined>();
  const [step, setStep] = useState(0);
  /** The preview's answers passed the checks (nothing is sent). */
  const [previewed, setPreviewed] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const captcha = useRef<Promise<string | undefined> | undefined>(undefined);
  /** The token of the company's captcha provider (hCaptcha, Turnstile, reCAPTCHA), once the visitor passed it. */
  const [providerToken, setProviderToken] = useState<string | undefined>();
  const [providerResets, setProviderResets] = useState(0);
  const idPrefix = useId();

  useEffect(() => {
    if (!formId || preview) return;
    let live = true;
    setForm(undefined);
    setLoadFailure(undefined);
    api.definition(formId).then(
      (loaded) => live && setForm(loaded),
      async (error: unknown) => {
        const failed = await failureOf(error);
        if (!live) return;
        const message = failed.code === 'entityNotFound' ? 'This form is not available.' : failed.message;
        setLoadFailure(message);
        onError?.({ formId, ...failed, message });
      },
    );
    return () => {
      live = false;
    };
  }, [api, formId, preview, onError]);

  const form = preview ?? loaded;
  const fields = useMemo(
    () => (form ? visibleComponents(form.components, form.settings.enableConditional, answers) : []),
    [form, answers],
  );

  if (!formId && !preview) return null;
  if (loadFailure && !preview) {
    return (
      <p part="message" className="error" role="alert">
        {loadFailure}
      </p>
    );
  }
  if (!form) {
    return (
      <p part="message" className="loading" role="status">
        Loading the form…
      </p>
    );
  }
  if (form.closed !== null) {
    return (
      <p part="message" role="status">
        {form.closed}
      </p>
    );
  }
  if (done) {
    return (
      <p part="message" className="done" role="status">
        {done.message}
        {done.redirectUrl ? (
          <>
            {' '}
            <a href={done.redirectUrl} target="_top">
              Continue
            </a>
          </>
        ) : null}
      </p>
    );
  }

  const { settings } = form;
  const provider =
    settings.captcha !== 'proofOfWork' && settings.captchaSiteKey ? settings.captcha : undefined;
  const wizard = settings.wizardMode && fields.length > 1;
  const current = Math.min(step, fields.length - 1);
  const shown = wizard ? fields.slice(current, current + 1) : fields;
  const last = !wizard || current === fields.length - 1;
  /** Starts the proof of work once: the visitor types while the browser solves. */
  const startCaptcha = () => {
    if (provider) return Promise.resolve(providerToken);
    if (!captcha.current) {
      const started = api.challenge(formId).then(solveCaptcha);
      captcha.current = started;
      // A failed start is tried again at the next keystroke (the submit reports it).
      started.catch(() => {
        if (captcha.current === started) captcha.current = undefined;
      });
    }
    return captcha.current;
  };
  const set = (id: string, value: Answer) => {
    setPreviewed(false);
    setAnswers((before) => ({ ...before, [id]: value }));
    setErrors(({ [id]: _cleared, ...rest }) => rest);
  };
  const setFile = (id: string, file: File | undefined, refused?: string) => {
    if (file) files.current.set(id, file);
    else files.current.delete(id);
    set(id, file?.name ?? '');
    if (refused) setErrors((before) => ({ ...before, [id]: refused }));
  };
  /** The answers with each chosen file sent first and named by its id. */
  const withFilesSent = async (kept: Answers): Promise<Answers> => {
    const sent = { ...kept };
    for (const field of fields) {
      const file = files.current.get(field.id);
      if (field.type !== 'uploadFile' || !file || !(field.id in kept)) continue;
      const id = sentFiles.current.get(file) ?? (await api.upload(formId, field.id, file));
      sentFiles.current.set(file, id);
      sent[field.id] = id;
    }
    return sent;
  };

  const send = async () => {
    const missing = missingOf(fields, answers);
    if (missing) {
      setErrors({ [missing.id]: missing.message });
      setStep(fields.findIndex((field) => field.id === missing.id));
      return;
    }
    const kept = Object.fromEntries(
      fields.flatMap((field) => (field.id in answers ? [[field.id, answers[field.id] as Answer]] : [])),
    );
    if (provider && !providerToken) {
      setFailure('Complete the captcha check first.');
      return;
    }
    setSending(true);
    setFailure(undefined);
    onSubmit?.({ formId, answers: kept });
    try {
      const solved = await startCaptcha();
      // A solution counts once: the next try solves a new challenge.
      captcha.current = undefined;
      if (!solved) {
        const slow = { code: 'captchaInvalid', message: 'The check took too long, please try again.' };
        setFailure(slow.message);
        onError?.({ formId, ...slow });
        return;
      }
      const answer = await api.submit(formId, {
        answers: await withFilesSent(kept),
        captcha: solved,
        website: honeypot.current?.value ?? '',
      });
      onSuccess?.({ formId, ...answer });
      if (!answer.redirectUrl || !openAfterSubmit(answer.redirectUrl, redirectTarget)) setDone(answer);
    } catch (error) {
      const failed = await failureOf(error);
      // A provider's token is good once: the visitor passes the check again.
      if (provider) setProviderResets((count) => count + 1);
      if (failed.fieldId && fields.some((field) => field.id === failed.fieldId)) {
        setErrors({ [failed.fieldId]: failed.message });
        setStep(fields.findIndex((field) => field.id === failed.fieldId));
      } else {
        setFailure(failed.message);
      }
      onError?.({ formId, ...failed });
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!last) {
      const missing = missingOf(shown, answers);
      if (missing) setErrors({ [missing.id]: missing.message });
      else setStep(current + 1);
      return;
    }
    if (preview) {
      const missing = missingOf(fields, answers);
      if (missing) setErrors({ [missing.id]: missing.message });
      else setPreviewed(true);
      return;
    }
    void send();
  };

  return (
    <form
      part="form"
      noValidate
      onSubmit={submit}
      onInput={startCaptcha}
      onChange={startCaptcha}
      aria-busy={sending}
    >
      {wizard ? (
        <p part="progress" className="progress">
          Question {current + 1} of {fields.length}
        </p>
      ) : null}
      {shown.map((component) => (
        <Field
          key={component.id}
          component={component}
          value={answers[component.id]}
          error={errors[component.id]}
          onChange={(value) => set(component.id, value)}
          onFile={(file, refused) => setFile(component.id, file, refused)}
          idPrefix={idPrefix}
        />
      ))}
      {/* People never see this field; a bot that fills every input does, and its answers are ignored. */}
      <div className="trap" aria-hidden="true">
        <label>
          Website
          <input ref={honeypot} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {last && provider && !preview ? (
        <ProviderCaptcha
          kind={provider}
          siteKey={settings.captchaSiteKey ?? ''}
          resetCount={providerResets}
          onToken={(token) => {
            setProviderToken(token);
            if (token) setFailure(undefined);
          }}
          onFailure={setFailure}
        />
      ) : null}
      {last ? (
        <p part="consent" className="consent">
          {settings.consentText}
        </p>
      ) : null}
      {previewed ? (
        <p part="message" role="status">
          This is a preview: the answers pass the checks, and nothing was sent.
        </p>
      ) : null}
      {failure ? (
        <p part="error" className="error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="actions">
        {wizard && current > 0 ? (
          <button part="button back" type="button" className="secondary" onClick={() => setStep(current - 1)}>
            {settings.backTitle}
          </button>
        ) : null}
        <button part="button submit" type="submit" disabled={sending}>
          {last ? (sending ? 'Sending…' : settings.submitBtnTitle) : settings.nextTitle}
        </button>
      </div>
    </form>
  );
}
