// Reads the raw messages a test SMTP sink or the file sink received: headers (unfolded, decoded
// when RFC 2047-encoded) and the text/plain and text/html parts (quoted-printable or base64).
export type ParsedMail = { headers: Map<string, string>; header: (name: string) => string; text: string; html: string; raw: string }

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  )
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':')
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), decodeWords(line.slice(i + 1).trim()))
  }
  return headers
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/quoted-printable/i.test(encoding))
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8')
  return body
}

function split(raw: string): [string, string] {
  const at = raw.search(/\r?\n\r?\n/)
  return at < 0 ? [raw, ''] : [raw.slice(0, at), raw.slice(at).replace(/^\r?\n\r?\n/, '')]
}

export function parseMail(raw: string): ParsedMail {
  const [head, body] = split(raw)
  const headers = parseHeaders(head)
  let text = ''
  let html = ''
  const visit = (h: Map<string, string>, b: string) => {
    const type = h.get('content-type') ?? 'text/plain'
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
    if (/^multipart\//i.test(type) && boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break
        const [ph, pb] = split(part.replace(/^\r?\n/, ''))
        visit(parseHeaders(ph), pb)
      }
      return
    }
    const decoded = decodeBody(b, h.get('content-transfer-encoding') ?? '')
    if (/text\/html/i.test(type)) html += decoded
    else if (/text\/plain/i.test(type)) text += decoded
  }
  visit(headers, body)
  return { headers, header: (name) => headers.get(name.toLowerCase()) ?? '', text, html, raw }
}

/** Waits until `check` answers a value (polling), or fails with `what`. */
export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The path and query of a URL found in a text (the test server is on another origin). */
export const pathOf = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}
