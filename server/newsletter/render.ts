// Campaign rendering: Markdown → an accessible HTML email (lang, a <title>, presentation tables,
// a hidden preheader, real headings, underlined links with 4.5:1 contrast, image alt text) plus
// a plain-text part. Links become numbered placeholders ({{link:N}}) replaced per recipient by a
// tracked first-party redirect, or by the UTM-tagged target when tracking is off.
// Raw HTML in the Markdown is shown as text: staff write Markdown, not markup.
import { Marked, type Tokens } from 'marked'

export type RenderedCampaign = { html: string; text: string; links: string[] }

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const SAFE_URL = /^(https?:\/\/|mailto:|\/)/i

export function renderMarkdown(markdown: string): { body: string; text: string; links: string[] } {
  const links: string[] = []
  const linkIndex = (href: string) => {
    const found = links.indexOf(href)
    if (found >= 0) return found
    links.push(href)
    return links.length - 1
  }
  const marked = new Marked({
    gfm: true,
    renderer: {
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(token.text)
      },
      link(token: Tokens.Link) {
        const label = this.parser.parseInline(token.tokens)
        if (!SAFE_URL.test(token.href)) return label
        const n = linkIndex(token.href)
        return `<a href="{{link:${n}}}" style="color:#1d4ed8;text-decoration:underline">${label}</a>`
      },
      image(token: Tokens.Image) {
        if (!/^https?:\/\//i.test(token.href)) return escapeHtml(token.text)
        return `<img src="${escapeHtml(token.href)}" alt="${escapeHtml(token.text)}" style="max-width:100%;height:auto;border:0">`
      },
    },
  })
  const body = marked.parse(markdown, { async: false }) as string
  // Plain text: the Markdown itself reads well; links become "label (URL)", images their alt text.
  const text = markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_m, label: string, href: string) => (SAFE_URL.test(href) ? `${label} ({{link:${linkIndex(href)}}})` : label))
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
  return { body, text, links }
}

export type EmailFrame = { subject: string; preheader: string; body: string; text: string; footerAddress: string }

/** The whole HTML document and text part, with {{unsubscribe}} and {{pixel}} left to fill per recipient. */
export function frameEmail(f: EmailFrame): { html: string; text: string } {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(f.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;color:#0f172a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(f.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px"><tr><td style="padding:32px 28px">
<p style="margin:0 0 16px;font-weight:bold;color:#1e3a8a">Proofline Digital</p>
<main>${f.body}</main>
</td></tr><tr><td style="padding:20px 28px;border-top:1px solid #cbd5e1;font-size:14px;color:#334155">
<p style="margin:0 0 8px">You receive this because you subscribed to the Proofline Digital newsletter.</p>
<p style="margin:0 0 8px"><a href="{{unsubscribe}}" style="color:#1d4ed8;text-decoration:underline">Unsubscribe with one click</a></p>
<p style="margin:0">${escapeHtml(f.footerAddress)}</p>
</td></tr></table></td></tr></table>{{pixel}}
</body></html>`
  const text = `${f.text.trim()}\n\n--\nYou receive this because you subscribed to the Proofline Digital newsletter.\nUnsubscribe with one click: {{unsubscribe}}\n${f.footerAddress}\n`
  return { html, text }
}

export function renderCampaign(c: { subject: string; preheader: string; markdown: string }, footerAddress: string): RenderedCampaign {
  const { body, text, links } = renderMarkdown(c.markdown)
  return { ...frameEmail({ subject: c.subject, preheader: c.preheader, body, text, footerAddress }), links }
}

/** Fills one recipient's links; `link(n)` gives link n's URL. */
export function personalise(template: string, fill: { link: (n: number) => string; unsubscribe: string; pixel: string }, html: boolean): string {
  const attr = (s: string) => (html ? escapeHtml(s) : s)
  return template
    .replace(/\{\{link:(\d+)\}\}/g, (_m, n: string) => attr(fill.link(Number(n))))
    .replaceAll('{{unsubscribe}}', attr(fill.unsubscribe))
    .replace('{{pixel}}', html && fill.pixel ? `<img src="${attr(fill.pixel)}" width="1" height="1" alt="" style="display:block;border:0">` : '')
}
