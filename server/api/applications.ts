// POST /api/applications: a job application with a résumé PDF (multipart, parsed and stored by
// the multipartBody middleware). The file is kept only once its lead row is committed, and never
// for a submission flagged as spam (its row records the résumé's name, size and hash, no file).
import type { Middleware } from 'koa'
import { ApplicationSchema, AttributionSchema } from '../../shared/contract.ts'
import { buildAttribution } from './attribution.ts'
import type { HandlerDeps } from './deps.ts'
import { payloadHash } from './leadDeduplication.ts'
import { saveLead } from './saveLead.ts'
import { apiState } from './state.ts'
import { parseInput } from './validate.ts'

export function postApplication(deps: HandlerDeps): Middleware {
  return async function postApplicationHandler(ctx) {
    const state = apiState(ctx)
    const body = state.body ?? {}
    const upload = state.upload ?? null
    const extra: Record<string, string> = {}
    if (typeof body.openingId === 'string' && body.openingId.trim() && !deps.catalog.jobs.has(body.openingId.trim()))
      extra.openingId = 'Choose an opening from the list.'
    if (!upload || upload.size === 0) extra.resume = 'Attach your résumé as a PDF.'
    else if (!upload.isPdf) extra.resume = 'The résumé must be a PDF file.'
    const data = parseInput(ApplicationSchema, body, extra)
    const resume = upload!
    const attribution = AttributionSchema.safeParse(body)
    const result = await saveLead(
      ctx,
      deps,
      {
        kind: 'application',
        email: data.email,
        name: data.name,
        phone: data.phone,
        company: '',
        message: data.coverLetter,
        details: {
          openingId: data.openingId,
          openingTitle: deps.catalog.jobs.get(data.openingId)?.title ?? '',
          links: data.links,
          resume: {
            storedName: resume.storedName,
            originalName: resume.originalName,
            size: resume.size,
            sha256: resume.sha256,
            contentType: 'application/pdf',
          },
        },
        attribution: buildAttribution(ctx, attribution.success ? attribution.data : {}, { secret: deps.env.APP_SECRET, defaultSource: 'Careers' }),
        payloadHash: payloadHash(data, resume.sha256),
      },
      deps.catalog.jobs.get(data.openingId)?.title,
    )
    // A flagged submission keeps no file (spam must not fill the disk).
    resume.keep = result.status === 201 && !result.replayed && !result.isSpam
  }
}
