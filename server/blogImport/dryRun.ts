// Two streaming passes over an uploaded export that answer, per item, what importing would do and
// why, plus the redirects the import would add, the images found in and missing from the media
// zip, and the reconciliation report. Pass one reads each item's identity only (no HTML
// conversion): the attachments (a featured image listed after its post is still found), every
// post's slug and so its new URL, and the redirects. Pass two converts each body once, plans it,
// counts the links it rewrites and hands it to `onPost` (the import job writes it there). Memory
// holds one item plus per-item maps of a few short strings (URLs, slugs), whatever the file size.
import fs from 'node:fs'
import { createLinkMapper, createMediaMatcher, mediaPath, rewritePost, type Rewritten } from './links.ts'
import { createPlanner, type PlanEntry, type Stored } from './plan.ts'
import { createReconciliation, type Reconciliation } from './reconcile.ts'
import { readGhost } from './ghost.ts'
import { readMarkdownZip } from './markdownZip.ts'
import type { ImportedPost, NormalisedItem } from './types.ts'
import { readWordPress } from './wordpress.ts'
import { readWxr } from './wxr.ts'

export type SourceKind = 'wordpress' | 'ghost' | 'markdown'
export type DryRunInput = {
  kind: SourceKind
  file: string
  /** The upload's original name, for messages. */
  name: string
  stored?: (sourceKey: string) => Stored | undefined
  slugOwner?: (slug: string) => string | null | undefined
  /** Entry names of the uploaded media zip (WordPress uploads tree), if any. */
  mediaEntries?: string[]
  /** Where imported posts live: /blog/<slug>. */
  postUrl?: (slug: string) => string
  /** True for a path this site already serves (a page of the catalog): never redirected away. */
  isSitePath?: (path: string) => boolean
}
export type Redirect = { from: string; to: string; sourceKey: string }
export type RedirectConflict = { from: string; sourceKey: string; reason: string }
export type DryRun = {
  entries: PlanEntry[]
  reconciliation: Reconciliation
  redirects: Redirect[]
  /** Original image URL → the media zip entry it comes from and its new path. */
  images: Map<string, { entry: string; path: string }>
  missingImages: Array<{ url: string; usedBy: string[] }>
  /** Internal links between imported posts that the import rewrites, per post source key. */
  linkRewrites: Map<string, number>
  /** Old URLs that get no redirect, with the reason (a page of this site, a post not published). */
  redirectsSkipped: RedirectConflict[]
}

/** Every normalised item of the file, in order (streamed for WordPress and zips). */
export async function* readSource(
  input: Pick<DryRunInput, 'kind' | 'file' | 'name'>,
  { convert = true, attachments }: { convert?: boolean; attachments?: Map<string, string> } = {},
): AsyncGenerator<NormalisedItem> {
  if (input.kind === 'wordpress') {
    let known = attachments
    if (!known) {
      known = new Map<string, string>()
      for await (const event of readWxr(fs.createReadStream(input.file), input.name)) {
        if (event.kind === 'item' && event.item.type === 'attachment' && event.item.attachmentUrl) known.set(event.item.id, event.item.attachmentUrl)
      }
    }
    for await (const item of readWordPress(fs.createReadStream(input.file), input.name, { attachments: known, convert })) yield item
  } else if (input.kind === 'ghost') {
    yield* readGhost(await fs.promises.readFile(input.file, 'utf8'), input.name)
  } else {
    yield* readMarkdownZip(input.file, input.name)
  }
}

/** The old site's hosts, read from the posts' old links (for WordPress, the channel link). */
const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}

export type WalkOptions = DryRunInput & {
  /** Keep every plan entry (the dry run's table); the import keeps counts and reasons only. */
  keepEntries?: boolean
  /** Extra image URL → path (images provided after an earlier import). */
  providedImages?: Map<string, string>
  /** Called after each item of the first pass with the number read so far (the dry-run job's progress). */
  onRead?: (items: number) => Promise<void> | void
  /** Called once the first pass knows the file's item count. */
  onCounted?: (items: number) => Promise<void> | void
  /** Each item of pass two with its plan entry; posts with their rewritten body. Return a failure reason to count it failed. */
  onItem?: (item: NormalisedItem, entry: PlanEntry, rewritten: Rewritten | null, index: number) => Promise<string | void> | string | void
}

/** The dry run and the import's shared walk over the file (see the header). */
export async function walk(input: WalkOptions): Promise<DryRun> {
  const postUrl = input.postUrl ?? ((slug: string) => `/blog/${slug}`)
  const planner = createPlanner(input.stored ?? (() => undefined), input.slugOwner ?? (() => undefined))
  const report = createReconciliation()
  const entries: PlanEntry[] = []
  const redirects: Redirect[] = []
  const oldToNew = new Map<string, string>()
  const mediaEntries = [...(input.mediaEntries ?? [])]
  const isSitePath = input.isSitePath ?? (() => false)
  const redirectsSkipped: RedirectConflict[] = []
  const oldHosts = new Set<string>()
  const attachments = new Map<string, string>()

  // Pass one: identities, slugs, new URLs and redirects; no HTML conversion.
  let items = 0
  for await (const item of readSource(input, { convert: false, attachments: input.kind === 'wordpress' ? attachments : undefined })) {
    items++
    await input.onRead?.(items)
    if (item.kind === 'asset') {
      // A Markdown zip carries its own images; WordPress attachments are resolved by id.
      if (input.kind === 'markdown') mediaEntries.push(item.asset.url)
      continue
    }
    if (item.kind !== 'post') continue
    const post = item.post
    const to = postUrl(planner.assignSlug(post))
    if (post.source === 'wordpress' && post.oldLink) oldHosts.add(hostOf(post.oldLink))
    for (const from of post.oldUrls) {
      oldToNew.set(from, to)
      if (from === to) continue
      if (isSitePath(from.split('?')[0]) && !from.includes('?'))
        redirectsSkipped.push({ from, sourceKey: post.sourceKey, reason: 'a page of this site has that address' })
      else if (post.status !== 'published')
        redirectsSkipped.push({ from, sourceKey: post.sourceKey, reason: `the post is ${post.status}; its old address gets a redirect when it is published` })
      else redirects.push({ from, to, sourceKey: post.sourceKey })
    }
  }
  await input.onCounted?.(items)

  // Pass two: each body converted once, planned, its links and images rewritten.
  const matchMedia = createMediaMatcher(mediaEntries)
  const mapLink = createLinkMapper([...oldHosts], oldToNew)
  const images = new Map<string, { entry: string; path: string }>()
  const missing = new Map<string, string[]>()
  const linkRewrites = new Map<string, number>()
  const imagePath = (url: string) => images.get(url)?.path ?? input.providedImages?.get(url)
  let index = 0
  for await (const item of readSource(input, { convert: true, attachments: input.kind === 'wordpress' ? attachments : undefined })) {
    index++
    const entry = planner.plan(item)
    if (input.keepEntries !== false) entries.push(entry)
    let rewritten: Rewritten | null = null
    if (item.kind === 'post') {
      const post: ImportedPost = item.post
      for (const url of [...post.images, ...(post.featureImage ? [post.featureImage] : [])]) {
        if (images.has(url)) {
          report.image(url, true)
          continue
        }
        const found = matchMedia(url)
        const provided = !found && input.providedImages?.has(url)
        report.image(url, !!found || !!provided)
        if (found) images.set(url, { entry: found, path: mediaPath(found) })
        else if (!provided) {
          const users = missing.get(url)
          if (users) users.push(post.title)
          else missing.set(url, [post.title])
        }
      }
      rewritten = rewritePost(post, mapLink, imagePath)
      if (rewritten.links) linkRewrites.set(post.sourceKey, rewritten.links)
    }
    const failure = (await input.onItem?.(item, entry, rewritten, index)) || undefined
    report.add(entry, failure)
  }
  return {
    linkRewrites,
    redirectsSkipped,
    entries,
    reconciliation: report.finish(items),
    redirects,
    images,
    missingImages: [...missing].map(([url, usedBy]) => ({ url, usedBy })).sort((a, b) => a.url.localeCompare(b.url)),
  }
}

export async function dryRun(input: DryRunInput): Promise<DryRun> {
  return walk({ ...input, keepEntries: true })
}
