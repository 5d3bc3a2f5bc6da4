// Social network providers (issue 15; decision 181). One interface per network; this server has
// no network access and no network app credentials, so every network provider answers "not
// connected" and never posts. The built-in manual provider always works: when a post is due it
// prepares a ready-to-post pack, and staff mark the post posted by pasting its URL (the receipt).
import crypto from 'node:crypto'
import { NETWORK_LIMITS, NETWORKS, variantText, type Network } from '../../shared/social.ts'
import type { Env } from '../env.ts'
import { publicSiteUrl } from '../newsletter/site.ts'

export type AccountState = { state: 'not-connected' | 'connected' | 'expiring'; days: number | null; message: string }

export type SocialProvider = {
  network: Network
  /** The state of an account of this network (token expiry when connected). */
  state(account: { token_expires_at: unknown }, now?: number): AccountState
}

/** A network provider without credentials or network access: honest "not connected". */
function networkProvider(network: Network): SocialProvider {
  const label = NETWORK_LIMITS[network].label
  return {
    network,
    state: () => ({
      state: 'not-connected',
      days: null,
      message: `Not connected: this server has no ${label} app credentials and no network access, so nothing is posted to ${label} automatically. Due posts get a ready-to-post pack (manual provider): post it on ${label}, then paste the post's address.`,
    }),
  }
}

export const providers: Record<Network, SocialProvider> = Object.fromEntries(NETWORKS.map((n) => [n, networkProvider(n)])) as Record<Network, SocialProvider>

/** Days left before a token expires (for the alerts), or null without a token. */
export function tokenDaysLeft(expiresAt: unknown, now = Date.now()): number | null {
  if (!expiresAt) return null
  const t = new Date(String(expiresAt)).getTime()
  if (Number.isNaN(t)) return null
  return Math.floor((t - now) / 86_400_000)
}

export const newShortCode = () => crypto.randomBytes(6).toString('base64url')
export const shortUrl = (env: Env, code: string) => `${publicSiteUrl(env).replace(/\/$/, '')}/s/${code}`

export type Pack = {
  network: Network
  networkLabel: string
  account: string
  text: string
  firstComment: string
  link: string | null
  linkNote: string | null
  image: { url: string; alt: string } | null
  preparedAt: string
}

/** The manual provider: what staff copy to the network, with the short link in the text. */
export function preparePack(
  env: Env,
  input: {
    network: Network
    account: string
    postText: string
    variantText: string
    firstComment: string
    linkUrl: string
    shortCode: string
    imageId: number | null
    imageAlt: string
  },
  now = Date.now(),
): Pack {
  const limits = NETWORK_LIMITS[input.network]
  const link = input.linkUrl ? shortUrl(env, input.shortCode) : null
  return {
    network: input.network,
    networkLabel: limits.label,
    account: input.account,
    text: variantText(input.postText, input.variantText, limits.linksClickable ? link : null),
    firstComment: limits.firstComment ? input.firstComment.trim() : '',
    link,
    linkNote: link && !limits.linksClickable ? `${limits.label} does not make links in the text clickable: put ${link} in the profile's link (bio).` : null,
    image: input.imageId ? { url: `/api/admin/social-media/images/${input.imageId}`, alt: input.imageAlt } : null,
    preparedAt: new Date(now).toISOString(),
  }
}
