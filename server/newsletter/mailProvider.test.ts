import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../env.ts'
import { parseMail } from '../../tests/api/mimeMessage.ts'
import { createMailProvider } from './mailProvider.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-sink-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const env = (over: Record<string, string>) => loadEnv({ NODE_ENV: 'test', VAR_DIR: dir, APP_SECRET: 'x'.repeat(40), ...over })

describe('mail providers', () => {
  it('is "not connected" without SMTP in production, and refuses to send', async () => {
    const p = createMailProvider(env({ NODE_ENV: 'production' }))
    expect(p).toMatchObject({ kind: 'none', state: 'not-connected' })
    await expect(p.send({ from: 'a@example.com', to: 'b@example.com', subject: 's', text: 't' })).rejects.toThrow(/No email provider is connected/)
    expect((await p.verify()).ok).toBe(false)
  })

  it('is "live" over SMTP_URL, "test" with MAIL_MODE=test, and reports a refused connection', async () => {
    expect(createMailProvider(env({ SMTP_URL: 'smtp://127.0.0.1:9' })).state).toBe('live')
    const p = createMailProvider(env({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_MODE: 'test' }))
    expect(p).toMatchObject({ kind: 'smtp', state: 'test', description: 'SMTP via smtp://127.0.0.1:9' })
    const check = await p.verify()
    expect(check.ok).toBe(false)
    expect(check.message).toMatch(/Could not connect to smtp:\/\/127\.0\.0\.1:9/)
    p.close()
  })

  it('writes a readable .eml per message to the file sink, with the receipt’s message id', async () => {
    const sink = path.join(dir, 'sink')
    const p = createMailProvider(env({ MAIL_PROVIDER: 'file', MAIL_SINK_DIR: sink }))
    expect(p).toMatchObject({ kind: 'file', state: 'test' })
    const receipt = await p.send({
      from: 'Proofline Digital <news@example.com>',
      to: 'reader@example.com',
      subject: 'Café notes — “quoted”\r\nBcc: evil@example.com',
      text: 'Plain part ✓',
      html: '<p>HTML part ✓</p>',
      headers: { 'List-Unsubscribe': '<https://x.example/u?a=1&b=2>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    })
    expect(receipt.messageId).toMatch(/^<[\w-]+@proofline\.local>$/)
    const files = fs.readdirSync(sink)
    expect(files).toHaveLength(1)
    const mail = parseMail(fs.readFileSync(path.join(sink, files[0]), 'utf8'))
    expect(mail.header('message-id')).toBe(receipt.messageId)
    expect(mail.header('subject')).toBe('Café notes — “quoted” Bcc: evil@example.com')
    expect(mail.headers.has('bcc')).toBe(false)
    expect(mail.header('list-unsubscribe')).toBe('<https://x.example/u?a=1&b=2>')
    expect(mail.text.trim()).toBe('Plain part ✓')
    expect(mail.html.trim()).toBe('<p>HTML part ✓</p>')
    expect((await p.verify()).ok).toBe(true)
  })
})
