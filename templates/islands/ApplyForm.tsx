// Job application form (/apply). Fields follow the shared ApplicationSchema; the résumé is a PDF
// of at most 5 MB, checked here and again by the server. Sent as multipart form data to
// /api/applications; a 400 answers `{ errors }`, shown under the fields.
import { useEffect, useId, useRef, useState, type FormEvent, type HTMLAttributes } from 'react'
import { ApplicationSchema, fieldErrors, RESUME_MAX_BYTES } from '../../shared/contract.ts'
import { apiRequest } from '../../shared/request.ts'

export type ApplyFormProps = { jobs: { slug: string; title: string }[] }

type Values = { openingId: string; name: string; email: string; phone: string; links: string; coverLetter: string }
type Field = keyof Values | 'resume'
type Errors = Partial<Record<Field, string>>

const FIELDS: Field[] = ['openingId', 'name', 'email', 'phone', 'links', 'coverLetter', 'resume']
const EMPTY: Values = { openingId: '', name: '', email: '', phone: '', links: '', coverLetter: '' }

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 aria-[invalid=true]:border-red-700'

async function fetchFormToken(): Promise<string> {
  const response = await apiRequest('GET', '/api/form-token')
  const body = (await response.json()) as { token?: unknown }
  return typeof body.token === 'string' ? body.token : ''
}

const newKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

function byField(errors: Record<string, string>): { known: Errors; other: string[] } {
  const known: Errors = {}
  const other: string[] = []
  for (const [path, message] of Object.entries(errors)) {
    const key = path.split('.')[0] as Field
    if (FIELDS.includes(key)) known[key] ??= message
    else other.push(message)
  }
  return { known, other }
}

/** The résumé rule of the API, checked before upload: a PDF of at most 5 MB. */
function resumeProblem(file: File | undefined): string | undefined {
  if (!file) return 'Attach your resume as a PDF.'
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return 'Upload your resume as a PDF file.'
  if (file.size > RESUME_MAX_BYTES) return 'Your resume must be 5 MB or smaller.'
  if (file.size === 0) return 'That file is empty. Choose your resume PDF again.'
  return undefined
}

function Label({ htmlFor, text, required }: { htmlFor: string; text: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-800">
      {text}
      {required ? (
        <span aria-hidden="true" className="text-red-700">
          {' '}
          *
        </span>
      ) : (
        <span className="font-normal text-slate-600"> (optional)</span>
      )}
    </label>
  )
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  if (!error) return null
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  )
}

function TextField({
  id,
  name,
  label,
  value,
  error,
  required,
  type = 'text',
  autoComplete,
  inputMode,
  rows,
  onChange,
}: {
  id: string
  name: keyof Values
  label: string
  value: string
  error?: string
  required?: boolean
  type?: string
  autoComplete?: string
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  rows?: number
  onChange: (value: string) => void
}) {
  const a11y = { id, name, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined }
  return (
    <div>
      <Label htmlFor={id} text={label} required={required} />
      {rows ? (
        <textarea {...a11y} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
      ) : (
        <input {...a11y} type={type} autoComplete={autoComplete} inputMode={inputMode} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
      )}
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  )
}

export function ApplyForm({ jobs }: ApplyFormProps) {
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const resume = useRef<HTMLInputElement>(null)
  const token = useRef('')
  const idempotencyKey = useRef('')
  const focusFirstError = useRef(false)
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [general, setGeneral] = useState('')
  const [sent, setSent] = useState('')
  const [pending, setPending] = useState(false)

  function refreshToken() {
    fetchFormToken()
      .then((t) => (token.current = t))
      .catch(() => {})
  }

  useEffect(() => {
    idempotencyKey.current = newKey()
    refreshToken()
    const opening = new URLSearchParams(location.search).get('opening')
    if (opening && jobs.some((job) => job.slug === opening)) setValues((v) => ({ ...v, openingId: opening }))
  }, [jobs])

  useEffect(() => {
    if (!focusFirstError.current) return
    focusFirstError.current = false
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])

  function clearError(key: Field) {
    setErrors(({ [key]: _, ...rest }) => rest as Errors)
  }

  function set(key: keyof Values, value: string) {
    setValues((v) => ({ ...v, [key]: value }))
    clearError(key)
  }

  function showErrors(all: Record<string, string>) {
    const { known, other } = byField(all)
    focusFirstError.current = true
    setErrors(known)
    setGeneral(Object.keys(known).length > 0 ? 'Please check the fields marked below.' : (other[0] ?? 'We could not send your application. Please try again.'))
  }

  function onResumeChange() {
    const problem = resumeProblem(resume.current?.files?.[0])
    if (problem && resume.current?.files?.length) setErrors((e) => ({ ...e, resume: problem }))
    else clearError('resume')
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setSent('')
    const fax = (event.currentTarget.elements.namedItem('fax') as HTMLInputElement | null)?.value ?? ''
    const file = resume.current?.files?.[0]
    const parsed = ApplicationSchema.safeParse({ ...values, fax })
    const problems: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error)
    const fileProblem = resumeProblem(file)
    if (fileProblem) problems.resume = fileProblem
    if (!parsed.success || fileProblem || !file) {
      showErrors(problems)
      return
    }
    setErrors({})
    setGeneral('')
    setPending(true)
    try {
      const body = new FormData()
      for (const [key, value] of Object.entries(values)) body.append(key, value)
      body.append('fax', fax)
      body.append('formToken', token.current || (await fetchFormToken().catch(() => '')))
      body.append('resume', file, file.name)
      const response = await fetch('/api/applications', { method: 'POST', body, credentials: 'include', headers: { 'Idempotency-Key': idempotencyKey.current } })
      if (response.status === 400) {
        const answer = (await response.json().catch(() => ({}))) as { errors?: Record<string, string>; message?: string }
        showErrors(answer.errors ?? (answer.message ? { _: answer.message } : {}))
        return
      }
      if (!response.ok) {
        setGeneral('We could not send your application. Please try again in a few minutes.')
        return
      }
      const title = jobs.find((job) => job.slug === values.openingId)?.title ?? 'the role'
      setSent(`Thanks, ${parsed.data.name}. Your application for ${title} was received. A hiring manager will reply within ten business days.`)
      setValues(EMPTY)
      if (resume.current) resume.current.value = ''
      idempotencyKey.current = newKey()
      token.current = ''
      refreshToken()
    } catch {
      setGeneral('Network error. Check your connection and try again.')
    } finally {
      setPending(false)
    }
  }

  return (
    <form ref={form} method="post" onSubmit={submit} noValidate encType="multipart/form-data" className="relative space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-label="Job application">
      <p className="text-sm text-slate-700">
        Fields marked <span aria-hidden="true" className="text-red-700">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div>
        <Label htmlFor={`${id}-opening`} text="Opening" required />
        <select
          id={`${id}-opening`}
          name="openingId"
          required
          value={values.openingId}
          aria-invalid={errors.openingId ? true : undefined}
          aria-describedby={errors.openingId ? `${id}-opening-error` : undefined}
          onChange={(e) => set('openingId', e.target.value)}
          className={inputClass}
        >
          <option value="">Choose an opening</option>
          {jobs.map((job) => (
            <option key={job.slug} value={job.slug}>
              {job.title}
            </option>
          ))}
        </select>
        <ErrorText id={`${id}-opening-error`} error={errors.openingId} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id={`${id}-name`} name="name" label="Full name" required autoComplete="name" value={values.name} error={errors.name} onChange={(v) => set('name', v)} />
        <TextField id={`${id}-email`} name="email" label="Email" required type="email" autoComplete="email" inputMode="email" value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
      </div>
      <TextField id={`${id}-phone`} name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" value={values.phone} error={errors.phone} onChange={(v) => set('phone', v)} />
      <TextField id={`${id}-links`} name="links" label="Portfolio, LinkedIn or GitHub links" rows={2} value={values.links} error={errors.links} onChange={(v) => set('links', v)} />
      <TextField id={`${id}-cover`} name="coverLetter" label="Cover letter: a piece of work you are proud of" required rows={8} value={values.coverLetter} error={errors.coverLetter} onChange={(v) => set('coverLetter', v)} />
      <div>
        <Label htmlFor={`${id}-resume`} text="Resume (PDF, up to 5 MB)" required />
        <input
          ref={resume}
          id={`${id}-resume`}
          name="resume"
          type="file"
          accept="application/pdf"
          required
          aria-invalid={errors.resume ? true : undefined}
          aria-describedby={errors.resume ? `${id}-resume-error` : undefined}
          onChange={onResumeChange}
          className="mt-1 block w-full text-sm text-slate-800 file:mr-4 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        <ErrorText id={`${id}-resume-error`} error={errors.resume} />
      </div>

      {/* Honeypot: people never see or reach it, form-filling bots do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`${id}-fax`}>Fax</label>
        <input id={`${id}-fax`} type="text" name="fax" tabIndex={-1} autoComplete="off" aria-hidden="true" defaultValue="" />
      </div>

      <div>
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        >
          {pending ? 'Sending…' : 'Send Application'}
        </button>
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {general}
        </p>
        <p role="status" className="mt-1 text-sm font-medium text-green-800">
          {sent}
        </p>
      </div>
    </form>
  )
}
export default ApplyForm
