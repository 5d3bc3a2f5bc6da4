// POST /api/quotes: the quote form. Services must be city-service ids from data/; their names are
// stored beside them, as the visitor saw them (like the budget and timeline labels).
import type { Middleware } from 'koa'
import { budgetLabels, QuoteSchema, timelineLabels } from '../../shared/contract.ts'
import { buildAttribution } from './attribution.ts'
import type { ApiCatalog } from './catalog.ts'
import type { HandlerDeps } from './deps.ts'
import { payloadHash } from './leadDeduplication.ts'
import { saveLead } from './saveLead.ts'
import { apiState } from './state.ts'
import { parseInput } from './validate.ts'

function unknownServiceErrors(raw: unknown, known: ApiCatalog['services']): Record<string, string> {
  if (!Array.isArray(raw)) return {}
  const unknown = raw.filter((v): v is string => typeof v === 'string' && !known.has(v.trim()))
  return unknown.length ? { services: 'Choose services from the list.' } : {}
}

export function postQuote(deps: HandlerDeps): Middleware {
  return async function postQuoteHandler(ctx) {
    const body = apiState(ctx).body ?? {}
    const data = parseInput(QuoteSchema, body, unknownServiceErrors(body.services, deps.catalog.services))
    const services = [...new Set(data.services)]
    await saveLead(
      ctx,
      deps,
      {
        kind: 'quote',
        email: data.email,
        name: data.name,
        phone: data.phone,
        company: data.company,
        message: data.message,
        details: {
          website: data.website,
          services,
          serviceLabels: services.map((id) => deps.catalog.services.get(id)?.name ?? id),
          budget: data.budget,
          budgetLabel: budgetLabels[data.budget],
          timeline: data.timeline,
          timelineLabel: timelineLabels[data.timeline],
          consent: true,
        },
        attribution: buildAttribution(ctx, data, { secret: deps.env.APP_SECRET, defaultSource: 'Quote Form' }),
        payloadHash: payloadHash({ ...data, services }),
      },
      budgetLabels[data.budget],
    )
  }
}
