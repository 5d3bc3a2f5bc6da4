// The signup's emails (confirmation, welcome) as jobs: enqueued in the transaction that stores the
// signup or the confirmation, sent through the mail provider, recorded only with its receipt.
import { z } from 'zod'
import { nowIso } from '../db/rows.ts'
import { defineJob } from '../jobs/define.ts'
import { mailProviderFor } from './mailProvider.ts'
import { confirmationEmail, welcomeEmail } from './transactional.ts'

export const newsletterEmailJob = defineJob({
  type: 'newsletter.email',
  payload: z.object({ subscriberId: z.number().int().positive(), kind: z.enum(['confirm', 'welcome']) }),
  maxAttempts: 8,
  backoff: { baseMs: 30_000, maxMs: 3 * 3600_000 },
  enabled: (deps) => mailProviderFor(deps.env).state !== 'not-connected',
  async handler({ subscriberId, kind }, ctx) {
    const { db, env } = ctx.deps
    const s = await db('newsletter_subscribers').where({ id: subscriberId }).first()
    if (!s) return
    const provider = mailProviderFor(env)
    if (kind === 'confirm') {
      // Confirmed, unsubscribed or blocklisted meanwhile: nothing to confirm.
      if (s.status !== 'unconfirmed') return
      await provider.send(confirmationEmail(env, { id: Number(s.id), email: s.email }))
      return
    }
    if (s.status !== 'subscribed' || s.welcome_sent_at) return
    await provider.send(welcomeEmail(env, { email: s.email }))
    await db('newsletter_subscribers').where({ id: subscriberId }).update({ welcome_sent_at: nowIso() })
  },
})
