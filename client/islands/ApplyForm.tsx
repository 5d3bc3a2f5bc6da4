// Job application form (/apply). Checked in the browser with the shared ApplicationSchema and the
// résumé rule (a PDF of at most 5 MB), then posted as multipart to /api/applications with the
// form token, attribution and an idempotency key. A 400 shows the server's messages (for example
// a file that only claims to be a PDF) under the fields.
import { useEffect, useRef, useState } from 'react'
import { RESUME_MAX_BYTES } from '../../shared/formOptions.ts'
import { EMAIL_INPUT, errorId, FieldError, FieldLabel, FormCard, FormEnd, invalidProps, PHONE_INPUT, SelectField, TextField } from '../forms/fields.tsx'
import { useForm } from '../forms/useForm.ts'
import { useIslandId } from './islandIds.ts'

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
  const id = useIslandId('apply')
  const resume = useRef<HTMLInputElement>(null)
  const [sent, setSent] = useState('')
  const { ref, values, errors, set, textField, reset, setValues, setFieldError, clearError, general, pending, submit } = useForm({
    initial: EMPTY,
    fields: ['openingId', 'name', 'email', 'phone', 'links', 'coverLetter', 'resume'],
    endpoint: '/api/applications',
    contract: () => import('../../shared/contract.ts').then((m) => m.ApplicationSchema),
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
    <FormCard formRef={ref} onSubmit={submit} label="Job application" multipart>
      <SelectField
        id={`${id}-opening`}
        name="openingId"
        label="Opening"
        required
        placeholder="Choose an opening"
        options={jobs.map((job) => ({ value: job.slug, label: job.title }))}
        value={values.openingId}
        error={errors.openingId}
        onChange={(v) => set('openingId', v)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...textField('name', id)} label="Full name" required autoComplete="name" />
        <TextField {...textField('email', id)} {...EMAIL_INPUT} label="Email" required />
      </div>
      <TextField {...textField('phone', id)} {...PHONE_INPUT} label="Phone" />
      <TextField {...textField('links', id)} label="Portfolio, LinkedIn or GitHub links" rows={2} />
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
      <FormEnd idBase={id} pending={pending} label="Send Application" error={general} success={sent} />
    </FormCard>
  )
}
export default ApplyForm
