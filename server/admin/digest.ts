// /api/admin/account/digest (issue 13, decision 129): the signed-in staff member's weekly analytics
// digest setting, the mail provider's state and the last week sent (with its message id). Roles
// that do not see the analytics (sales) cannot turn it on. Changes are audited.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { mayReceiveDigest } from '../analytics/digest.ts'
import { bodyOf } from '../api/state.ts'
import { adminState } from '../auth/sessions.ts'
import { mailProviderFor } from '../newsletter/mailProvider.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { writeWith, type AdminDeps } from './resourceRouter.ts'

const DigestSchema = z.object({ optedIn: z.boolean({ error: 'Choose on or off.' }) })

export function registerDigestRoutes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
  const json = adminJsonBody()
  const state = async (userId: number, role: string) => {
    const user = await db('users').where({ id: userId }).first('analytics_digest')
    const last = await db('analytics_digests')
      .where({ user_id: userId })
      .orderBy('week_start', 'desc')
      .first('week_start', 'status', 'message_id', 'error', 'created_at')
    const provider = mailProviderFor(env)
    return {
      optedIn: Boolean(user?.analytics_digest),
      allowed: mayReceiveDigest(role),
      mail: { state: provider.state, description: provider.description },
      last: last ?? null,
    }
  }
  router.get('/account/digest', ...guard, async function digestSettingHandler(ctx) {
    const { user } = adminState(ctx)
    ctx.body = await state(user.id, user.role)
  })
  router.put('/account/digest', ...guard, json, async function saveDigestSettingHandler(ctx) {
    const { user } = adminState(ctx)
    const { optedIn } = DigestSchema.parse(bodyOf(ctx))
    if (optedIn && !mayReceiveDigest(user.role)) ctx.throw(403, 'The weekly digest holds the analytics, which your role does not see.')
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await w.trx('users').where({ id: user.id }).first('analytics_digest')
      await w.trx('users').where({ id: user.id }).update({ analytics_digest: optedIn })
      await audit(w.trx, w.userId, 'update', 'users', user.id, { analytics_digest: Boolean(before?.analytics_digest) }, { analytics_digest: optedIn })
    })
    ctx.body = await state(user.id, user.role)
  })
}
