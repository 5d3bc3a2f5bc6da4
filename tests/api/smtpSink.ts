// A local SMTP server that keeps what it receives: the tests send real mail through nodemailer
// (SMTP_URL) to it, with no network beyond 127.0.0.1.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type SmtpSink = {
  url: string
  messages: string[]
  /** Holds each message this long before accepting it (a slow mail server). */
  delayMs: number
  close: () => Promise<void>
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: string[] = []
  const sink = { delayMs: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const accept = () => {
          messages.push(Buffer.concat(chunks).toString('utf8'))
          callback()
        }
        if (sink.delayMs > 0) setTimeout(accept, sink.delayMs)
        else accept()
      })
    },
  })
  // A sender killed mid-session (the kill -9 test) resets its connection; smtp-server reports that
  // as an 'error' event, which a mail server shrugs off. Without a listener it would be thrown.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return Object.assign(sink, { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) })
}
