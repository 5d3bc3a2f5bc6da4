// The newsletter's delivery settings screen: the mail provider's state (not connected / test /
// live), where mail goes, the sending rate, the bounce webhook, and the connection test.
// Settings come from the environment (.env.example); nothing secret is shown.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import { nowIso } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { mailProviderFor } from '../newsletter/mailProvider.ts'
import { newsletterFrom, publicSiteUrl } from '../newsletter/site.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { writeWith, type AdminDeps, type AdminResourceModule } from './resourceRouter.ts'
import { listsTable } from './newsletterLists.ts'

const TestSchema = z.strictObject({ sendTo: z.email({ error: 'Enter a valid email address.' }).optional(), send: z.boolean().optional() })

export const newsletterSettings: AdminResourceModule = {
  // No table of its own: the generic routes are not used (the list is the lists table, read-only here).
  config: { name: 'newsletter-settings', spec: listsTable, defaultSort: ['id', 'ASC'] },
  routes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
    const json = adminJsonBody()
    router.get('/newsletter-settings/mail', ...guard, requirePermission('newsletter-settings', 'show'), async function mailState(ctx) {
      const p = mailProviderFor(env)
      ctx.body = {
        provider: p.kind,
        state: p.state,
        description: p.description,
        from: newsletterFrom(env),
        siteUrl: publicSiteUrl(env),
        ratePerSecond: env.NEWSLETTER_RATE_PER_SECOND,
        batchSize: env.NEWSLETTER_BATCH_SIZE,
        bounceWebhook: env.NEWSLETTER_WEBHOOK_TOKEN ? 'on' : 'off',
      }
    })
    router.post('/newsletter-settings/mail/test', ...guard, requirePermission('newsletter-settings', 'edit'), json, async function mailTest(ctx) {
      const input = TestSchema.parse(bodyOf(ctx) ?? {})
      const p = mailProviderFor(env)
      const check = await p.verify()
      let messageId: string | null = null
      if (check.ok && input.send) {
        const to = input.sendTo ?? adminState(ctx).user.email
        try {
          const receipt = await p.send({
            from: newsletterFrom(env),
            to,
            subject: 'Proofline newsletter: test of the email connection',
            text: `This message tests the newsletter's email connection (${p.description}), sent ${nowIso()}. No reply is needed.`,
          })
          messageId = receipt.messageId
        } catch (error) {
          throw httpError(502, `The connection works but the provider did not accept the test message: ${(error as Error).message}`)
        }
        await writeWith(db, ctx)((w) => audit(w.trx, w.userId, 'update', 'newsletter-settings', 1, { test_sent_to: null }, { test_sent_to: to }))
      }
      ctx.body = { ok: check.ok, message: check.message, state: p.state, messageId }
    })
  },
}
