// Streams a multipart/form-data body with busboy: text fields into ctx.state.body and one file
// (the résumé) straight to disk under a random name, with every limit enforced while streaming.
// The file's type is decided by its first bytes, never by its name or declared type. A file the
// handler does not keep (validation error, spam, replay) is deleted when the request ends.
// With `limits`, the body's size is reserved against the address's hourly quota and the uploads
// folder's cap before the body is read (429 / 507 otherwise: server/middleware/uploadLimits.ts),
// and a full disk while writing is a 507, never a half-written file left behind.
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import type { Readable } from 'node:stream'
import busboy from 'busboy'
import type { HttpError } from 'http-errors'
import type { Middleware } from 'koa'
import { hashIp, sha256 } from '../lib/signing.ts'
import { cleanString } from '../lib/text.ts'
import { apiState, type Upload } from '../api/state.ts'
import { httpError } from './errorHandler.ts'
import { badBody, bodyTimedOut, bodyTimeoutOf, parseContentType, rejectUnsupportedEncoding, tooLarge, UPLOAD_TIMEOUT_FACTOR } from './jsonBody.ts'
import { storageFull, storageFullMessage, type uploadLimits } from './uploadLimits.ts'

export type MultipartOptions = {
  uploadsDir: string
  fileField: string
  maxFileBytes: number
  maxFieldBytes?: number
  maxFields?: number
  /** Per-address quota and folder cap; `secret` hashes the address as stored in upload_usage. */
  limits?: { check: ReturnType<typeof uploadLimits>; secret: string }
}

const diskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes(String((error as { code?: unknown } | null)?.code))

const PDF_MAGIC = '%PDF-'

/**
 * Streams the file to disk while hashing it and reading its magic bytes. The stream is always
 * read to its end, even after a disk error, or busboy would stall the request.
 */
async function writeUpload(stream: Readable, upload: Upload): Promise<void> {
  let failure: unknown = null
  const handle = await fs.promises.open(upload.path, 'wx', 0o600).catch((error: unknown) => {
    failure = error
    return null
  })
  const hash = crypto.createHash('sha256')
  let head = Buffer.alloc(0)
  stream.on('limit', () => {
    upload.tooLarge = true
  })
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (head.length < PDF_MAGIC.length) head = Buffer.concat([head, chunk.subarray(0, PDF_MAGIC.length - head.length)])
      upload.size += chunk.length
      hash.update(chunk)
      // Past the magic bytes, a file that is not a PDF is read to the end but not written.
      if (!handle || failure || (head.length >= PDF_MAGIC.length && head.toString('latin1') !== PDF_MAGIC)) continue
      await handle.write(chunk).catch((error: unknown) => {
        failure = error
      })
    }
    upload.isPdf = head.toString('latin1') === PDF_MAGIC
    upload.sha256 = hash.digest('hex')
    // The file is on disk before the request that points at it can be acknowledged.
    if (handle && !failure) await handle.sync()
  } finally {
    await handle?.close()
  }
  if (failure) throw failure
}

function parseMultipart(
  req: IncomingMessage,
  opts: MultipartOptions,
  hardCap: number,
  counter: { received: number },
  timeoutMs: number,
): Promise<{ fields: Record<string, string>; upload: Upload | null }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: {
          // busboy reports the limit when a file reaches it; one byte more tells "too large" from "exactly the limit".
          fileSize: opts.maxFileBytes + 1,
          files: 3,
          fields: opts.maxFields ?? 30,
          parts: (opts.maxFields ?? 30) + 3,
          fieldSize: opts.maxFieldBytes ?? 64 * 1024,
          fieldNameSize: 100,
          headerPairs: 20,
        },
      })
    } catch {
      reject(badBody('The multipart body is malformed (no boundary).'))
      return
    }
    const fields: Record<string, string> = Object.create(null)
    const writes: Promise<void>[] = []
    let upload: Upload | null = null
    let fileStream: Readable | null = null
    let problem: HttpError | null = null
    let done = false

    const timer = setTimeout(() => {
      if (done) return
      req.unpipe(parser)
      req.pause()
      finish(bodyTimedOut())
    }, timeoutMs)
    const finish = (error: HttpError | null) => {
      clearTimeout(timer)
      if (done) return
      done = true
      if (error) fileStream?.destroy()
      void Promise.allSettled(writes).then(async (results) => {
        const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
        // A disk error (it names a syscall) is ours: a 500. Anything else is a broken upload.
        // A full disk is a 507 the visitor can understand.
        const diskError =
          failed && (failed.reason as { syscall?: string })?.syscall ? (diskFull(failed.reason) ? storageFull(storageFullMessage) : failed.reason) : null
        const final = error ?? problem ?? diskError ?? (failed ? badBody('The file upload was not received completely.') : null)
        if (final) {
          if (upload) await fs.promises.rm(upload.path, { force: true })
          reject(final)
        } else resolve({ fields, upload })
      })
    }

    parser.on('field', (name, value, info) => {
      if (!info.nameTruncated) fields[cleanString(name)] = cleanString(value)
    })
    parser.on('file', (name, stream, info) => {
      // busboy errors a file stream whose form ends early; the parser's own 'error' answers it.
      stream.on('error', () => {})
      if (name !== opts.fileField || upload) {
        stream.resume()
        return
      }
      const storedName = `${crypto.randomUUID()}.pdf`
      upload = {
        field: name,
        path: path.join(opts.uploadsDir, storedName),
        storedName,
        originalName: cleanString(info.filename ?? '').slice(0, 255),
        size: 0,
        sha256: '',
        isPdf: false,
        tooLarge: false,
        keep: false,
      }
      fileStream = stream
      writes.push(writeUpload(stream, upload))
    })
    const tooMany = () => {
      problem ??= httpError(413, 'The form has too many fields.')
    }
    parser.on('fieldsLimit', tooMany)
    parser.on('partsLimit', tooMany)
    parser.on('error', () => finish(badBody('The multipart body is malformed.')))
    parser.on('close', () => finish(null))
    req.on('aborted', () => finish(badBody('The request body was not received completely.')))
    req.on('data', (chunk: Buffer) => {
      counter.received += chunk.length
      if (counter.received > hardCap && !done) {
        req.unpipe(parser)
        req.socket.destroy()
        finish(httpError(413, 'The request body is too large.'))
      }
    })
    req.pipe(parser)
  })
}

export function multipartBody(opts: MultipartOptions): Middleware {
  fs.mkdirSync(opts.uploadsDir, { recursive: true, mode: 0o700 })
  const hardCap = opts.maxFileBytes + 512 * 1024
  const limitText = `${Math.round(opts.maxFileBytes / 1024 / 1024)} MB`
  return async function multipartBodyMiddleware(ctx, next) {
    const { mime } = parseContentType(ctx.get('Content-Type'))
    if (mime !== 'multipart/form-data') ctx.throw(415, 'Send the form as multipart/form-data.')
    rejectUnsupportedEncoding(ctx.req)
    const declared = Number(ctx.get('Content-Length') || Number.NaN)
    if (declared > hardCap) throw tooLarge(`The request body must be at most ${limitText}.`, declared)
    const counter = { received: 0 }
    const reservation = opts.limits ? await opts.limits.check.reserve(hashIp(ctx.ip, opts.limits.secret), Number.isFinite(declared) ? declared : hardCap) : null
    let upload: Upload | null = null
    try {
      const parsed = await parseMultipart(ctx.req, opts, hardCap, counter, bodyTimeoutOf(ctx) * UPLOAD_TIMEOUT_FACTOR)
      const fields = parsed.fields
      upload = parsed.upload
      if (upload?.tooLarge) {
        ctx.throw(413, `The file must be at most ${limitText}.`, { errors: { [opts.fileField]: `Attach a PDF of at most ${limitText}.` } })
      }
      const state = apiState(ctx)
      state.body = fields
      state.upload = upload
      const entries = Object.keys(fields)
        .sort()
        .map((k) => [k, fields[k]])
      state.bodyHash = sha256(JSON.stringify([entries, upload?.sha256 ?? null]))
      await next()
    } finally {
      if (upload && !upload.keep) await fs.promises.rm(upload.path, { force: true })
      await reservation?.settle(counter.received, upload?.keep ? upload.size : 0)
    }
  }
}
