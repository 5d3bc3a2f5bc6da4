// Email delivery behind one provider interface with honest states (docs/decisions/140):
// - smtp: nodemailer over SMTP_URL; "live", or "test" when MAIL_MODE=test (a capture server);
// - file: every message written as an .eml file under MAIL_SINK_DIR (development, tests, bench);
//   always "test": nothing leaves the machine;
// - none: "not connected"; newsletter jobs wait in the queue for a process that can send.
// A message counts as sent only with the provider's receipt: a message id, and for SMTP at least
// one accepted recipient. Anything else throws, and the caller records the failure.
import fs from 'node:fs'
import path from 'node:path'
import type { Transporter } from 'nodemailer'
import type { Env } from '../env.ts'

export type MailState = 'not-connected' | 'test' | 'live'
export type OutgoingMail = {
  from: string
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  headers?: Record<string, string>
}
export type Receipt = { messageId: string; response: string }
export type MailProvider = {
  kind: 'smtp' | 'file' | 'none'
  state: MailState
  /** What the admin shows: where mail goes (never a password). */
  description: string
  send(message: OutgoingMail): Promise<Receipt>
  /** The connection test: SMTP handshake, or a write in the sink folder. */
  verify(): Promise<{ ok: boolean; message: string }>
  close(): void
}

/** A refusal the retry cannot fix (a 5xx from the server): the send is recorded as failed. */
export class PermanentMailError extends Error {}

export function describeSmtpUrl(url: string): string {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`
  } catch {
    return 'an SMTP server (SMTP_URL could not be read)'
  }
}

function smtpProvider(env: Env, url: string): MailProvider {
  let transport: Transporter | undefined
  const get = async () => {
    if (!transport) {
      const nodemailer = await import('nodemailer')
      transport = nodemailer.createTransport(url, { pool: true, maxConnections: 4 } as never) as Transporter
    }
    return transport
  }
  return {
    kind: 'smtp',
    state: env.MAIL_MODE === 'test' ? 'test' : 'live',
    description: `SMTP via ${describeSmtpUrl(url)}`,
    async send(message) {
      let info
      try {
        info = await (await get()).sendMail(message)
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode
        if (code && code >= 500) throw new PermanentMailError(`The mail server refused the message (${code}): ${(error as Error).message}`)
        throw error
      }
      const accepted = (info.accepted ?? []).length
      if (!info.messageId || accepted === 0) throw new PermanentMailError(`The mail server did not accept the message: ${info.response ?? 'no response'}`)
      return { messageId: String(info.messageId), response: String(info.response ?? '') }
    },
    async verify() {
      try {
        await (await get()).verify()
        return { ok: true, message: `Connected to ${describeSmtpUrl(url)}: the server answered the SMTP handshake.` }
      } catch (error) {
        return {
          ok: false,
          message: `Could not connect to ${describeSmtpUrl(url)}: ${(error as Error).message}. Check SMTP_URL and that the server is reachable.`,
        }
      }
    },
    close() {
      transport?.close()
    },
  }
}

let fileSeq = 0
function fileProvider(dir: string): MailProvider {
  let transport: Transporter | undefined
  let made = false
  const get = async () => {
    if (!transport) {
      const nodemailer = await import('nodemailer')
      transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }) as Transporter
    }
    return transport
  }
  return {
    kind: 'file',
    state: 'test',
    description: `File sink: .eml files in ${dir} (nothing leaves this machine)`,
    async send(message) {
      const info = (await (await get()).sendMail(message)) as { messageId: string; message: Buffer }
      if (!made) {
        await fs.promises.mkdir(dir, { recursive: true })
        made = true
      }
      const file = path.join(dir, `${Date.now()}-${process.pid}-${++fileSeq}.eml`)
      await fs.promises.writeFile(file, info.message)
      return { messageId: info.messageId, response: `written to ${path.basename(file)}` }
    },
    async verify() {
      try {
        await fs.promises.mkdir(dir, { recursive: true })
        await fs.promises.access(dir, fs.constants.W_OK)
        return { ok: true, message: `The sink folder ${dir} is writable.` }
      } catch (error) {
        return { ok: false, message: `The sink folder ${dir} is not writable: ${(error as Error).message}. Set MAIL_SINK_DIR to a writable folder.` }
      }
    },
    close() {},
  }
}

function noProvider(): MailProvider {
  const why = 'No email provider is connected: set SMTP_URL (or MAIL_PROVIDER=file for a local sink).'
  return {
    kind: 'none',
    state: 'not-connected',
    description: 'Not connected',
    async send() {
      throw new Error(why)
    },
    async verify() {
      return { ok: false, message: why }
    },
    close() {},
  }
}

export const mailSinkDir = (env: Env) => env.MAIL_SINK_DIR ?? path.join(env.VAR_DIR, 'mail-sink')

export function createMailProvider(env: Env): MailProvider {
  const kind = env.MAIL_PROVIDER ?? (env.SMTP_URL ? 'smtp' : env.NODE_ENV === 'production' ? 'none' : 'file')
  if (kind === 'smtp') return env.SMTP_URL ? smtpProvider(env, env.SMTP_URL) : noProvider()
  if (kind === 'file') return fileProvider(mailSinkDir(env))
  return noProvider()
}

// One provider per environment (a server process; each test server has its own env object).
const providers = new WeakMap<Env, MailProvider>()
export function mailProviderFor(env: Env): MailProvider {
  let provider = providers.get(env)
  if (!provider) providers.set(env, (provider = createMailProvider(env)))
  return provider
}

export function closeMailProvider(env: Env) {
  providers.get(env)?.close()
  providers.delete(env)
}
