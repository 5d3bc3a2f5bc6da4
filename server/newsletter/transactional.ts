// The two emails of the signup: the confirmation (double opt-in) and the welcome the footer
// promises, each with the one-click unsubscribe link and the RFC 8058 headers.
import type { Env } from '../env.ts'
import { confirmUrl, newsletterUnsubscribeUrl } from './links.ts'
import type { OutgoingMail } from './mailProvider.ts'
import { escapeHtml, frameEmail, personalise } from './render.ts'
import { footerAddress, newsletterFrom, publicSiteUrl } from './site.ts'

export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

function mail(env: Env, to: string, subject: string, preheader: string, paragraphs: Array<string | { link: string; label: string }>): OutgoingMail {
  const unsubscribe = newsletterUnsubscribeUrl(env.APP_SECRET, publicSiteUrl(env), to)
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(p.label)}</a></p>`,
    )
    .join('\n')
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : `${p.label}: ${p.link}`)).join('\n\n')
  const framed = frameEmail({
    subject,
    preheader,
    body: `<h1 style="font-size:24px;margin:0 0 16px">${escapeHtml(subject)}</h1>${body}`,
    text,
    footerAddress: footerAddress(),
  })
  const fill = { link: () => '', unsubscribe, pixel: '' }
  return {
    from: newsletterFrom(env),
    to,
    subject,
    html: personalise(framed.html, fill, true),
    text: personalise(framed.text, fill, false),
    headers: unsubscribeHeaders(unsubscribe),
  }
}

export function confirmationEmail(env: Env, s: { id: number; email: string }): OutgoingMail {
  const link = confirmUrl(env.APP_SECRET, publicSiteUrl(env), s.id, s.email)
  return mail(env, s.email, 'Confirm your subscription to the Proofline Digital newsletter', 'One click and you are in.', [
    'Someone, hopefully you, asked to receive the Proofline Digital newsletter at this address: one email a month with the SEO, paid media and CRM lessons from our client work.',
    { link, label: 'Yes, subscribe me' },
    'If you did not ask for it, ignore this email: without the click above you will not receive anything from us.',
  ])
}

export function welcomeEmail(env: Env, s: { email: string }): OutgoingMail {
  const site = publicSiteUrl(env)
  return mail(env, s.email, 'Welcome to the Proofline Digital newsletter', 'Your subscription is confirmed.', [
    'Thanks for confirming. Once a month we send what worked (and what did not) across the SEO, PPC and HubSpot programmes we run, with the numbers behind it.',
    'While you wait for the next issue, our blog has the playbooks we use with clients.',
    { link: `${site}/blog`, label: 'Read the blog' },
    'Every email has a one-click unsubscribe link at the bottom; we honour it at once.',
  ])
}
