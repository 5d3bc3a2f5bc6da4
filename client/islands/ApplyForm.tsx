// Job application form (/apply). Checked in the browser with the shared ApplicationSchema and the
// résumé rule (a PDF of at most 5 MB), then posted as multipart to /api/applications with the
// form token, attribution and an idempotency key. A 400 shows the server's messages (for example
// a file that only claims to be a PDF) under the fields.
import { useEffect, useId, useRef, useState } from 'react'
import { ApplicationSchema, RESUME_MAX_BYTES } from '../../shared/contract.ts'
import { errorId, FieldError, FieldLabel, FormMessages, Honeypot, inputClass, invalidProps, RequiredNote, SubmitButton, TextField } from '../forms/fields.tsx'
import { useForm } from '../forms/useForm.ts'

export type ApplyFormProps = { jobs: { slug: string; title: string }[] }

const EMPTY = { openingId: '', name: '', email: '', phone: '', links: '', coverLetter: '' }

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
  const resume = useRef<HTMLInputElement>(null)
  const [sent, setSent] = useState('')
  const { ref, values, errors, set, reset, setValues, setFieldError, clearError, general, pending, submit } = useForm({
    initial: EMPTY,
    fields: ['openingId', 'name', 'email', 'phone', 'links', 'coverLetter', 'resume'],
    endpoint: '/api/applications',
    contract: ApplicationSchema,
    // Multipart, with the résumé file.
    body: (v) => ({ ...v, resume: resume.current?.files?.[0] }),
    check: () => {
      const problem = resumeProblem(resume.current?.files?.[0])
      return problem ? { resume: problem } : {}
    },
    messages: {
      failed: 'We could not send your application. Please try again.',
      server: 'We could not send your application. Please try again in a few minutes.',
    },
    onStart: () => setSent(''),
    onSuccess: (sentValues) => {
      const title = jobs.find((job) => job.slug === sentValues.openingId)?.title ?? 'the role'
      setSent(`Thanks, ${sentValues.name.trim()}. Your application for ${title} was received. A hiring manager will reply within ten business days.`)
      reset()
      if (resume.current) resume.current.value = ''
    },
  })

  useEffect(() => {
    const opening = new URLSearchParams(location.search).get('opening')
    if (opening && jobs.some((job) => job.slug === opening)) setValues((v) => ({ ...v, openingId: opening }))
  }, [jobs, setValues])

  function onResumeChange() {
    const problem = resumeProblem(resume.current?.files?.[0])
    if (problem && resume.current?.files?.length) setFieldError('resume', problem)
    else clearError('resume')
  }

  return (
    <form
      ref={ref}
      method="post"
      onSubmit={submit}
      noValidate
      encType="multipart/form-data"
      className="relative space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      aria-label="Job application"
    >
      <RequiredNote />
      <div>
        <FieldLabel htmlFor={`${id}-opening`} text="Opening" required />
        <select
          id={`${id}-opening`}
          name="openingId"
          required
          value={values.openingId}
          {...invalidProps(`${id}-opening`, errors.openingId)}
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
        <FieldError id={errorId(`${id}-opening`)} error={errors.openingId} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          name="name"
          label="Full name"
          required
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(v) => set('name', v)}
        />
        <TextField
          id={`${id}-email`}
          name="email"
          label="Email"
          required
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          error={errors.email}
          onChange={(v) => set('email', v)}
        />
      </div>
      <TextField
        id={`${id}-phone`}
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={values.phone}
        error={errors.phone}
        onChange={(v) => set('phone', v)}
      />
      <TextField
        id={`${id}-links`}
        name="links"
        label="Portfolio, LinkedIn or GitHub links"
        rows={2}
        value={values.links}
        error={errors.links}
        onChange={(v) => set('links', v)}
      />
      <TextField
        id={`${id}-cover`}
        name="coverLetter"
        label="Cover letter: a piece of work you are proud of"
        required
        rows={8}
        value={values.coverLetter}
        error={errors.coverLetter}
        onChange={(v) => set('coverLetter', v)}
      />
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
