// POST /api/leads: the exit popup, the chatbot and the mobile three-step form (each sends its own
// `source`).
import type { Middleware } from 'koa'
import { LeadSchema } from '../../shared/contract.ts'
import { buildAttribution } from './attribution.ts'
import type { HandlerDeps } from './deps.ts'
import { payloadHash } from './leadDeduplication.ts'
import { saveLead } from './saveLead.ts'
import { apiState } from './state.ts'
import { parseInput } from './validate.ts'

export function postLead(deps: HandlerDeps): Middleware {
  return async function postLeadHandler(ctx) {
    const data = parseInput(LeadSchema, apiState(ctx).body)
    await saveLead(ctx, deps, {
      kind: 'lead',
      email: data.email,
      name: [data.firstName, data.lastName].filter(Boolean).join(' '),
      phone: data.phone,
      company: data.company,
      message: data.message,
      details: { firstName: data.firstName, lastName: data.lastName },
      attribution: buildAttribution(ctx, data, { secret: deps.env.APP_SECRET, defaultSource: 'Website' }),
      payloadHash: payloadHash(data),
    })
  }
}
