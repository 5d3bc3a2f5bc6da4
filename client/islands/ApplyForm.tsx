// Job application form (/apply). Checked in the browser with the shared ApplicationSchema and the
// résumé rule (a PDF of at most 5 MB), then posted as multipart to /api/applications with the
// form token, attribution and an idempotency key. A 400 shows the server's messages (for example
// a file that only claims to be a PDF) under the fields.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ApplicationSchema, fieldErrors, RESUME_MAX_BYTES } from '../../shared/contract.ts'
import { CHECK_FIELDS, errorId, FieldError, FieldLabel, FormMessages, Honeypot, honeypotValue, inputClass, invalidProps, NETWORK_ERROR, RequiredNote, SubmitButton, TextField } from '../forms/fields.tsx'
import { attributionFields, splitFieldErrors } from '../forms/submission.ts'
import { useFocusFirstInvalid, useFormSession, useValuesTypedBeforeHydration } from '../forms/useFormSession.ts'

export type ApplyFormProps = { jobs: { slug: string; title: string }[] }

type Values = { openingId: string; name: string; email: string; phone: string; links: string; coverLetter: string }
type Field = keyof Values | 'resume'
type Errors = Partial<Record<Field, string>>

const FIELDS: Field[] = ['openingId', 'name', 'email', 'phone', 'links', 'coverLetter', 'resume']
const EMPTY: Values = { openingId: '', name: '', email: '', phone: '', links: '', coverLetter: '' }

/** The résumé rule of the API, checked before upload: a PDF of at most 5 MB. */
function resumeProblem(file: File | undefined): string | undefined {
  if (!file) return 'Attach your resume as a PDF.'
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return 'Upload your resume as a PDF file.'
  if (file.size > RESUME_MAX_BYTES) return 'Your resume must be 5 MB or smaller.'
  if (file.size === 0) return 'That file is empty. Choose your resume PDF again.'
  return undefined
}

export function ApplyForm({ jobs }: ApplyFormProps) {
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const resume = useRef<HTMLInputElement>(null)
  const session = useFormSession()
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [general, setGeneral] = useState('')
  const [sent, setSent] = useState('')
  const [pending, setPending] = useState(false)
  const focusFirstInvalid = useFocusFirstInvalid(form, errors)
  useValuesTypedBeforeHydration(form, ['openingId', 'name', 'email', 'phone', 'links', 'coverLetter'] as const, (typed) => setValues((v) => ({ ...v, ...typed })))

  useEffect(() => {
    const opening = new URLSearchParams(location.search).get('opening')
    if (opening && jobs.some((job) => job.slug === opening)) setValues((v) => ({ ...v, openingId: opening }))
  }, [jobs])

  const clearError = (key: Field) => setErrors(({ [key]: _, ...rest }) => rest as Errors)

  function set(key: keyof Values, value: string) {
    setValues((v) => ({ ...v, [key]: value }))
    clearError(key)
  }

  function showErrors(all: Record<string, string>) {
    const { known, other } = splitFieldErrors(all, FIELDS)
    focusFirstInvalid()
    setErrors(known)
    setGeneral(Object.keys(known).length > 0 ? CHECK_FIELDS : (other[0] ?? 'We could not send your application. Please try again.'))
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
    const fax = honeypotValue(event.currentTarget)
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
      for (const [key, value] of Object.entries({ ...values, ...attributionFields() })) body.append(key, value)
      body.append('fax', fax)
      body.append('formToken', await session.formToken())
      body.append('resume', file, file.name)
      // Multipart, so not shared/request.ts (which sends JSON); same credentials and error handling.
      const response = await fetch('/api/applications', { method: 'POST', body, credentials: 'include', headers: { 'Idempotency-Key': session.idempotencyKey() } })
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
      session.renew()
    } catch {
      setGeneral(NETWORK_ERROR)
    } finally {
      setPending(false)
    }
  }

  return (
    <form ref={form} method="post" onSubmit={submit} noValidate encType="multipart/form-data" className="relative space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-label="Job application">
      <RequiredNote />
      <div>
        <FieldLabel htmlFor={`${id}-opening`} text="Opening" required />
        <select id={`${id}-opening`} name="openingId" required value={values.openingId} {...invalidProps(`${id}-opening`, errors.openingId)} onChange={(e) => set('openingId', e.target.value)} className={inputClass}>
          <option value="">Choose an opening</option>
          {jobs.map((job) => (
            <option key={job.slug} value={job.slug}>
              {job.title}
            </option>
          ))}
        </select>
        <FieldError id={errorId(`${id}-opening`)} error={errors.openingId} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id={`${id}-name`} name="name" label="Full name" required autoComplete="name" value={values.name} error={errors.name} onChange={(v) => set('name', v)} />
        <TextField id={`${id}-email`} name="email" label="Email" required type="email" autoComplete="email" inputMode="email" value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
      </div>
      <TextField id={`${id}-phone`} name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" value={values.phone} error={errors.phone} onChange={(v) => set('phone', v)} />
      <TextField id={`${id}-links`} name="links" label="Portfolio, LinkedIn or GitHub links" rows={2} value={values.links} error={errors.links} onChange={(v) => set('links', v)} />
      <TextField id={`${id}-cover`} name="coverLetter" label="Cover letter: a piece of work you are proud of" required rows={8} value={values.coverLetter} error={errors.coverLetter} onChange={(v) => set('coverLetter', v)} />
      <div>
        <FieldLabel htmlFor={`${id}-resume`} text="Resume (PDF, up to 5 MB)" required />
        <input
          ref={resume}
          id={`${id}-resume`}
          name="resume"
          type="file"
          accept="application/pdf,.pdf"
          required
          {...invalidProps(`${id}-resume`, errors.resume)}
          onChange={onResumeChange}
          className="mt-1 block w-full text-sm text-slate-800 file:mr-4 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        <FieldError id={errorId(`${id}-resume`)} error={errors.resume} />
      </div>
      <Honeypot id={`${id}-fax`} />
      <div>
        <SubmitButton pending={pending} label="Send Application" />
        <FormMessages error={general} success={sent} />
      </div>
    </form>
  )
}
export default ApplyForm
