// POST /api/contact: the contact form.
import type { Middleware } from 'koa'
import { ContactSchema } from '../../shared/contract.ts'
import { buildAttribution } from './attribution.ts'
import type { HandlerDeps } from './deps.ts'
import { payloadHash } from './leadDeduplication.ts'
import { saveLead } from './saveLead.ts'
import { apiState } from './state.ts'
import { parseInput } from './validate.ts'

export function postContact(deps: HandlerDeps): Middleware {
  return async function postContactHandler(ctx) {
    const data = parseInput(ContactSchema, apiState(ctx).body)
    await saveLead(
      ctx,
      deps,
      {
        kind: 'contact',
        email: data.email,
        name: data.name,
        phone: data.phone,
        company: '',
        message: data.message,
        details: { subject: data.subject },
        attribution: buildAttribution(ctx, data, { secret: deps.env.APP_SECRET, defaultSource: 'Contact Form' }),
        payloadHash: payloadHash(data),
      },
      data.subject,
    )
  }
}
