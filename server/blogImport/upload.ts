// Blog migration uploads: a multipart body streamed with busboy straight to files under
// VAR_DIR/blog-imports (0700 folder, 0600 files, random names; never the web root). Each file
// field has its own size limit and accepted types, decided by the file's first bytes (an XML
// export, a JSON export, a zip, an image), never by its name or declared type. A file over its
// limit or of the wrong type is read to the end but not kept; the request then fails with 413 or
// 422 and the field's message. Free disk space is checked before anything is written (507).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import busboy from 'busboy'
import type { Context } from 'koa'
import { cleanString } from '../lib/text.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { storageFull } from '../middleware/uploadLimits.ts'

export type FileType = 'xml' | 'json' | 'zip' | 'png' | 'jpeg' | 'gif' | 'webp'
export type FieldRule = { maxBytes: number; types: FileType[]; multiple?: boolean; label: string }
export type ReceivedFile = { field: string; path: string; originalName: string; size: number; type: FileType }

/** What the first bytes say the file is; null for anything else. */
export function sniff(head: Buffer): FileType | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304) return 'zip'
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (head.length >= 4 && head.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif'
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp'
  // Text: an optional UTF-8 byte order mark and white space, then "<" (XML) or "{" (JSON).
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (text.startsWith('<')) return 'xml'
  if (text.startsWith('{')) return 'json'
  return null
}

const HEAD_BYTES = 64
const IDLE_MS = 60_000
const TYPE_NAMES: Record<FileType, string> = {
  xml: 'a WordPress export (.xml)',
  json: 'a Ghost export (.json)',
  zip: 'a .zip',
  png: 'a PNG',
  jpeg: 'a JPEG',
  gif: 'a GIF',
  webp: 'a WebP',
}
export const describeTypes = (types: FileType[]) => types.map((t) => TYPE_NAMES[t]).join(', ')
const mbText = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

/** Streams the request's files to `dir`; rejects (and removes what it wrote) on any problem. */
export async function receiveFiles(
  ctx: Context,
  dir: string,
  rules: Record<string, FieldRule>,
  minFreeBytes: number,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  const type = String(ctx.get('Content-Type'))
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw httpError(415, 'Send the files as multipart/form-data (a form with file fields).')
  const maxTotal = Object.values(rules).reduce((sum, r) => sum + r.maxBytes * (r.multiple ? 20 : 1), 0) + 1024 * 1024
  const declared = Number(ctx.get('Content-Length') || Number.NaN)
  if (declared > maxTotal) throw httpError(413, `The upload is too large: ${mbText(declared)}.`)
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 })
  const free = await fs.promises.statfs(dir).then(
    (s) => s.bavail * s.bsize,
    () => Number.POSITIVE_INFINITY,
  )
  if (free - (Number.isFinite(declared) ? declared : 0) < minFreeBytes)
    throw storageFull('The server does not have enough free disk space for this upload. Free some space (or raise the disk), then upload again.')

  const files: ReceivedFile[] = []
  const errors: Record<string, string> = {}
  let status = 422
  const fields: Record<string, string> = Object.create(null)
  const writes: Promise<void>[] = []

  const writeOne = async (field: string, rule: FieldRule, stream: Readable, originalName: string) => {
    const file: ReceivedFile = { field, path: path.join(dir, `${crypto.randomUUID()}.upload`), originalName, size: 0, type: 'xml' }
    const handle = await fs.promises.open(file.path, 'wx', 0o600)
    let head = Buffer.alloc(0)
    let refused = false
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        file.size += chunk.length
        if (refused) continue
        if (head.length < HEAD_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)])
          if (head.length >= HEAD_BYTES || head.length === file.size) {
            const sniffed = sniff(head)
            if (head.length >= Math.min(HEAD_BYTES, 12) && (!sniffed || !rule.types.includes(sniffed))) refused = true
            else if (sniffed) file.type = sniffed
          }
        }
        if (file.size > rule.maxBytes) {
          refused = true
          status = 413
          errors[field] = `${originalName || 'The file'} is larger than ${mbText(rule.maxBytes)}, the limit for ${rule.label}.`
          continue
        }
        if (!refused) await handle.write(chunk)
      }
      const sniffed = sniff(head)
      if (!refused && (!sniffed || !rule.types.includes(sniffed))) refused = true
      else if (sniffed) file.type = sniffed
      if (refused && !errors[field])
        errors[field] = `${originalName || 'The file'} is not ${describeTypes(rule.types)}. Choose ${rule.label} as exported, without renaming another file.`
      if (!refused && file.size === 0) {
        refused = true
        errors[field] = `${originalName || 'The file'} is empty.`
      }
    } finally {
      await handle.close()
    }
    if (refused) await fs.promises.rm(file.path, { force: true })
    else files.push(file)
  }

  try {
    await new Promise<void>((resolve, reject) => {
      let parser: busboy.Busboy
      try {
        parser = busboy({
          headers: ctx.req.headers,
          defParamCharset: 'utf8',
          limits: { files: 40, fields: 10, fieldSize: 4096, headerPairs: 20 },
        })
      } catch {
        reject(httpError(400, 'The upload is malformed (no multipart boundary).'))
        return
      }
      let timer = setTimeout(() => fail(httpError(408, 'The upload stopped arriving for a minute. Try again.')), IDLE_MS)
      let settled = false
      const fail = (error: unknown) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        ctx.req.unpipe(parser)
        ctx.req.resume()
        void Promise.allSettled(writes).then(() => reject(error))
      }
      ctx.req.on('data', () => {
        clearTimeout(timer)
        timer = setTimeout(() => fail(httpError(408, 'The upload stopped arriving for a minute. Try again.')), IDLE_MS)
      })
      parser.on('field', (name, value) => {
        fields[cleanString(name)] = cleanString(value)
      })
      parser.on('file', (name, stream, info) => {
        stream.on('error', () => {})
        const rule = rules[name]
        const already = files.some((f) => f.field === name) || writes.length > 40
        if (!rule || (already && !rule.multiple) || !info.filename) {
          stream.resume()
          return
        }
        writes.push(writeOne(name, rule, stream, cleanString(info.filename).slice(0, 255)))
      })
      parser.on('error', () => fail(httpError(400, 'The upload is malformed. Choose the file again and retry.')))
      parser.on('close', () => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        void Promise.allSettled(writes).then((results) => {
          const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
          if (failed) {
            const code = String((failed.reason as { code?: string })?.code)
            reject(
              code === 'ENOSPC' || code === 'EDQUOT' ? storageFull('The disk filled up during the upload. Free some space, then upload again.') : failed.reason,
            )
          } else resolve()
        })
      })
      ctx.req.on('aborted', () => fail(httpError(400, 'The upload was interrupted. Choose the file again and retry.')))
      ctx.req.pipe(parser)
    })
  } catch (error) {
    await Promise.all(files.map((f) => fs.promises.rm(f.path, { force: true })))
    throw error
  }
  if (Object.keys(errors).length) {
    await Promise.all(files.map((f) => fs.promises.rm(f.path, { force: true })))
    throw httpError(status, Object.values(errors)[0], errors)
  }
  return { fields, files }
}
