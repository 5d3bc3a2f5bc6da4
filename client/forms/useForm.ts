// The one form path of the browser: every public form (quote, contact, application, mobile lead
// form, exit popup, newsletter, ROI calculator, chatbot email) keeps its values, field errors,
// pending state, form token, idempotency key and attribution here, and submits through it.
// - Values are checked against the form's zod contract from shared/contract.ts (passed in, so a
//   form that does not validate in the browser loads no zod) plus any check of its own; the
//   server's 400 field messages come from the same contract and show under the same fields.
//   A form may pass a function importing its contract instead: zod then loads when the visitor
//   first focuses or presses in the form (or at the latest on submit), not with the page
//   (decision 163). If it cannot load, the server's check still applies.
// - The form token is fetched when the form hydrates (or first becomes active), so the server's
//   fill-time check counts from then; a failed request is retried at submit.
// - One Idempotency-Key per attempt: a retry after a failure reuses it, a success (or renew())
//   starts a new one.
// - Attribution: every submission carries the stored first and last touch; when the tracker
//   (loaded after idle) has not stored this page load's landing yet, formAttribution() records it
//   first from the landing URL pages/client.ts noted at start-up (client/forms/submission.ts).
// See docs/decisions/064-one-form-hook.md.
import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react'
import { fieldErrors, type Contract } from '../../shared/fieldErrors.ts'
import { HttpError } from '../../shared/request.ts'
import { fetchFormToken, formAttribution, newIdempotencyKey, sendForm, serverFieldErrors, splitFieldErrors } from './submission.ts'

export type FormErrors<F extends string> = Partial<Record<F, string>>

export type FormMessages = {
  /** Under the form when a field is marked ('' shows nothing). */
  checkFields: string
  /** A 400 without a message for one of the fields. */
  failed: string
  /** Any other answer than success or 400. */
  server: string
  /** No answer at all. */
  network: string
}

export type UseFormOptions<V extends object, F extends string> = {
  initial: V
  /** The fields the form shows: a message for one of them goes under it, the others above the button. */
  fields: readonly F[]
  /** Where the form posts. */
  endpoint: string
  /** The request body from the values (default: the values). Attribution, the honeypot and the form token are added. */
  body?: (values: V) => Record<string, unknown>
  /** The form's contract from shared/contract.ts, checked against the body (with the honeypot) before sending;
   * or a function importing it, called on the first focus or press in the form. */
  contract?: Contract | (() => Promise<Contract>)
  /** Checks of its own before sending (a file, a required email): field → message. */
  check?: (values: V) => Partial<Record<string, string>>
  /** The server's field errors in the form's terms (e.g. firstName → name). */
  mapServerErrors?: (errors: Record<string, string>) => Record<string, string>
  /** Send the signed form token (default true); `active` false defers fetching it until true. */
  formToken?: boolean
  active?: boolean
  /** Send an Idempotency-Key (default true). */
  idempotent?: boolean
  /** Send the visit's traffic source as `source` (forms that do not name themselves). */
  trafficSource?: boolean
  messages?: Partial<FormMessages>
  /** When a submission starts (before the checks): clear a previous confirmation. */
  onStart?: () => void
  /** After a success. Return 'leaving' when the page is being left (the form stays pending). */
  onSuccess?: (values: V, response: Response) => void | 'leaving'
  /** After a failure (the message is already set). */
  onFailure?: (error: unknown) => void
  /** When errors are shown (a step form moves to the first one). */
  onInvalid?: (errors: FormErrors<F>) => void
}

const DEFAULT_MESSAGES: FormMessages = {
  checkFields: 'Please check the fields marked below.',
  failed: 'We could not send your request. Please try again.',
  server: 'We could not send your request. Please try again, or call us.',
  network: 'Network error. Check your connection and try again.',
}

/** The honeypot's value (client/forms/fields.tsx Honeypot) at submit time. */
const honeypotValue = (form: HTMLFormElement) => (form.elements.namedItem('fax') as HTMLInputElement | null)?.value ?? ''

export function useForm<V extends object, F extends string = Extract<keyof V, string>>(options: UseFormOptions<V, F>) {
  const { initial, fields, formToken: wantsToken = true, active = true, idempotent = true } = options
  const messages = { ...DEFAULT_MESSAGES, ...options.messages }
  const ref = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<FormErrors<F>>({})
  const [general, setGeneral] = useState('')
  const [pending, setPending] = useState(false)
  const token = useRef('')
  const key = useRef('')
  const focusPending = useRef(false)
  const checking = useRef(false)
  const loadedContract = useRef<Contract | Promise<Contract | undefined> | undefined>(undefined)

  /** The contract, importing it on first use; undefined when there is none or it cannot load. */
  function contract(): Contract | Promise<Contract | undefined> | undefined {
    const source = options.contract
    if (typeof source !== 'function') return source
    return (loadedContract.current ??= source().then(
      (loaded) => (loadedContract.current = loaded),
      (error: unknown) => {
        // Offline, or a new deploy removed the chunk: try again next time; the server checks anyway.
        console.debug('The form rules could not be loaded', error)
        loadedContract.current = undefined
        return undefined
      },
    ))
  }

  // A contract given as an import loads when the visitor starts on the form.
  useEffect(() => {
    const form = ref.current
    if (!form || typeof options.contract !== 'function') return
    const load = () => void contract()
    form.addEventListener('focusin', load, { once: true })
    form.addEventListener('pointerdown', load, { once: true })
    return () => {
      form.removeEventListener('focusin', load)
      form.removeEventListener('pointerdown', load)
    }
    // Once, on hydration: the contract of a form does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const refreshToken = useCallback(() => {
    fetchFormToken()
      .then((t) => (token.current = t))
      .catch(() => {})
  }, [])

  useEffect(() => {
    if (!wantsToken || !active || token.current) return
    refreshToken()
  }, [wantsToken, active, refreshToken])

  // Text typed into the server-rendered form before its code loaded stays in the DOM but not in
  // React state: copy it into state once, on hydration, so nothing typed is lost.
  useEffect(() => {
    const typed: Record<string, string> = {}
    for (const [field, value] of Object.entries(initial)) {
      const el = ref.current?.elements.namedItem(field)
      if (
        typeof value === 'string' &&
        (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) &&
        el.value &&
        el.value !== value
      )
        typed[field] = el.value
    }
    // Reading the DOM once on hydration is syncing from outside React, which is what effects are for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (Object.keys(typed).length) setValues((v) => ({ ...v, ...typed }))
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // After errors are shown, the first field marked invalid gets focus.
  useEffect(() => {
    if (!focusPending.current) return
    focusPending.current = false
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])

  /** Shows field errors (contract, own checks or server) and says so above the button. */
  function showErrors(all: Partial<Record<string, string>>) {
    const { known, other } = splitFieldErrors(Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => Boolean(entry[1]))), fields)
    focusPending.current = true
    setErrors(known)
    setGeneral(Object.keys(known).length > 0 ? messages.checkFields : (other[0] ?? messages.failed))
    if (Object.keys(known).length) options.onInvalid?.(known)
  }

  function set<K extends keyof V>(field: K, value: V[K]) {
    setValues((v) => ({ ...v, [field]: value }))
    clearError(field as unknown as F)
  }

  function clearError(field: F) {
    setErrors((e) => {
      if (!(field in e)) return e
      const { [field]: _, ...rest } = e
      return rest as FormErrors<F>
    })
  }

  /** A new attempt: the next submission gets a new idempotency key. */
  const renew = useCallback(() => {
    key.current = newIdempotencyKey()
  }, [])

  /** Checks the values; true when they may be sent, else the errors are shown. */
  async function validate(current = values): Promise<boolean> {
    let problems = { ...options.check?.(current) }
    const rules = await contract()
    if (rules) {
      const parsed = rules.safeParse({ ...(options.body?.(current) ?? current), fax: ref.current ? honeypotValue(ref.current) : '' })
      if (!parsed.success) problems = { ...fieldErrors(parsed.error), ...problems }
    }
    if (!Object.values(problems).some(Boolean)) return true
    showErrors(problems)
    return false
  }

  async function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault()
    if (pending || checking.current) return
    options.onStart?.()
    checking.current = true
    try {
      if (!(await validate())) return
    } finally {
      checking.current = false
    }
    setErrors({})
    setGeneral('')
    setPending(true)
    let leaving = false
    try {
      const body: Record<string, unknown> = { ...formAttribution(options.trafficSource), ...(options.body?.(values) ?? values) }
      const honeypot = ref.current?.elements.namedItem('fax')
      if (honeypot) body.fax = honeypotValue(ref.current!)
      if (wantsToken) body.formToken = token.current || (await fetchFormToken().catch(() => ''))
      key.current ||= newIdempotencyKey()
      const response = await sendForm(options.endpoint, body, idempotent ? { 'Idempotency-Key': key.current } : {})
      // A success: the next submission is a new request, with a fresh token.
      key.current = ''
      token.current = ''
      if (wantsToken) refreshToken()
      leaving = options.onSuccess?.(values, response) === 'leaving'
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) {
        const all = serverFieldErrors(error)
        showErrors(options.mapServerErrors?.(all) ?? all)
      } else setGeneral(error instanceof HttpError ? messages.server : messages.network)
      options.onFailure?.(error)
    } finally {
      if (!leaving) setPending(false)
    }
  }

  return {
    /** Put on the <form>: focus on errors, the honeypot and text typed before hydration are read through it. */
    ref: ref as RefObject<HTMLFormElement | null>,
    values,
    set,
    /** A text field's value and change handler, to spread on an input component. */
    field: <K extends keyof V>(name: K) => ({ value: values[name], onChange: (value: V[K]) => set(name, value) }),
    /** Everything a <TextField> needs from the form for a string field: id (under `idBase`), name, value, error, change handler. */
    textField: <K extends keyof V & F & string>(name: K, idBase: string) => ({
      id: `${idBase}-${name}`,
      name,
      value: String(values[name] ?? ''),
      error: errors[name],
      onChange: (value: string) => set(name, value as V[K]),
    }),
    /** Replaces the values (after a success, or a value from the URL). */
    reset: (next: V = initial) => setValues(next),
    setValues,
    errors,
    setErrors,
    setFieldError: (field: F, message: string) => setErrors((e) => ({ ...e, [field]: message })),
    clearError,
    /** Shows errors found outside the form's own checks (a step of a multi-step form). */
    showErrors,
    /** The form-level message: errors to check, or why the request failed. */
    general,
    setGeneral,
    pending,
    submit,
    renew,
  }
}
