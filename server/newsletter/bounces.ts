// Bounces and complaints, from the provider's webhook or entered by staff, with listmonk's rules:
// a hard bounce or a complaint blocklists the address (and unsubscribes it from every list); a
// soft bounce counts up (shown per subscriber; the address keeps receiving). The campaign the
// bounce belongs to (by id, or by the message id of the send) counts it. docs/decisions/141.
import type { Knex } from 'knex'
import { z } from 'zod'
import { nowIso } from '../db/rows.ts'

export const BOUNCE_TYPES = ['hard', 'soft', 'complaint'] as const
export type BounceType = (typeof BOUNCE_TYPES)[number]

export const BounceSchema = z.object({
  email: z
    .email({ error: 'Enter the bounced email address.' })
    .max(254)
    .transform((s) => s.trim().toLowerCase()),
  type: z.enum(BOUNCE_TYPES, { error: 'type is hard, soft or complaint.' }),
  campaignId: z.number().int().positive().optional(),
  messageId: z.string().max(300).optional(),
  note: z.string().max(500).optional().default(''),
})
export type BounceInput = z.output<typeof BounceSchema>

export type BounceOutcome = {
  subscriberId: number | null
  action: 'blocklisted' | 'counted' | 'unknown-address'
  softBounces: number
  campaignId: number | null
}

export async function recordBounce(
  trx: Knex.Transaction,
  b: BounceInput,
  source: 'webhook' | 'manual',
  userId: number | null,
  now = Date.now(),
): Promise<BounceOutcome> {
  const at = nowIso(now)
  const subscriber = await trx('newsletter_subscribers').where({ email: b.email }).first()
  let campaignId: number | null = b.campaignId ?? null
  let send: { id: number; campaign_id: number; bounced: unknown } | undefined
  if (b.messageId) {
    const id = b.messageId.trim()
    send = await trx('newsletter_sends')
      .whereIn('message_id', [id, id.startsWith('<') ? id : `<${id}>`])
      .first()
    if (send) campaignId = Number(send.campaign_id)
  } else if (campaignId && subscriber) {
    send = await trx('newsletter_sends').where({ campaign_id: campaignId, subscriber_id: subscriber.id }).first()
  }
  if (campaignId && !(await trx('newsletter_campaigns').where({ id: campaignId }).first('id'))) campaignId = null
  await trx('newsletter_bounces').insert({
    subscriber_id: subscriber?.id ?? null,
    email: b.email,
    type: b.type,
    source,
    campaign_id: campaignId,
    note: b.note ?? '',
    created_by: userId,
    created_at: at,
  })
  if (campaignId) {
    if (b.type === 'complaint') await trx('newsletter_campaigns').where({ id: campaignId }).increment('complaints', 1)
    else if (send && !(send.bounced === true || send.bounced === 1)) {
      await trx('newsletter_sends').where({ id: send.id }).update({ bounced: true })
      await trx('newsletter_campaigns').where({ id: campaignId }).increment('bounced', 1)
    }
  }
  if (!subscriber) return { subscriberId: null, action: 'unknown-address', softBounces: 0, campaignId }
  const id = Number(subscriber.id)
  if (b.type === 'soft') {
    await trx('newsletter_subscribers')
      .where({ id })
      .update({ soft_bounces: trx.raw('soft_bounces + 1'), last_bounce_at: at, updated_at: at })
    return { subscriberId: id, action: 'counted', softBounces: Number(subscriber.soft_bounces) + 1, campaignId }
  }
  await trx('newsletter_subscribers')
    .where({ id })
    .update({
      status: 'blocklisted',
      blocklist_reason: b.type === 'hard' ? 'Hard bounce' : 'Spam complaint',
      last_bounce_at: b.type === 'hard' ? at : subscriber.last_bounce_at,
      updated_at: at,
    })
  await trx('newsletter_subscriptions').where({ subscriber_id: id }).whereNot({ status: 'unsubscribed' }).update({ status: 'unsubscribed', updated_at: at })
  return { subscriberId: id, action: 'blocklisted', softBounces: Number(subscriber.soft_bounces), campaignId }
}
