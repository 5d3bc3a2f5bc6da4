// One pass over an uploaded export that answers, per item, what importing would do and why, plus
// the redirects the import would add, the images found in and missing from the media zip, and the
// reconciliation report. WordPress files are read twice (attachments first, so a featured image
// listed after its post is still found), each time as a stream. The import job runs the same
// plan and writes as it goes.
import fs from 'node:fs'
import { createLinkMapper, createMediaMatcher, mediaPath, rewritePost } from './links.ts'
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
  /** Count the internal links the import would rewrite (a second pass); the import itself skips it. */
  countLinks?: boolean
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
export async function* readSource(input: Pick<DryRunInput, 'kind' | 'file' | 'name'>): AsyncGenerator<NormalisedItem> {
  if (input.kind === 'wordpress') {
    const attachments = new Map<string, string>()
    for await (const event of readWxr(fs.createReadStream(input.file), input.name)) {
      if (event.kind === 'item' && event.item.type === 'attachment' && event.item.attachmentUrl) attachments.set(event.item.id, event.item.attachmentUrl)
    }
    for await (const item of readWordPress(fs.createReadStream(input.file), input.name, { attachments })) yield item
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

export async function dryRun(input: DryRunInput): Promise<DryRun> {
  const postUrl = input.postUrl ?? ((slug: string) => `/blog/${slug}`)
  const planner = createPlanner(input.stored ?? (() => undefined), input.slugOwner ?? (() => undefined))
  const report = createReconciliation()
  const entries: PlanEntry[] = []
  const redirects: Redirect[] = []
  const oldToNew = new Map<string, string>()
  const mediaEntries = [...(input.mediaEntries ?? [])]
  // A Markdown zip carries its own images.
  if (input.kind === 'markdown') for await (const item of readSource(input)) if (item.kind === 'asset') mediaEntries.push(item.asset.url)
  const matchMedia = createMediaMatcher(mediaEntries)
  const isSitePath = input.isSitePath ?? (() => false)
  const redirectsSkipped: RedirectConflict[] = []
  const images = new Map<string, { entry: string; path: string }>()
  const missing = new Map<string, string[]>()
  const hosts = new Set<string>()
  const oldHosts = new Set<string>()
  let items = 0
  for await (const item of readSource(input)) {
    items++
    const entry = planner.plan(item)
    entries.push(entry)
    report.add(entry)
    if (item.kind !== 'post') continue
    const post: ImportedPost = item.post
    const to = postUrl(entry.slug!)
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
    for (const url of [...post.images, ...(post.featureImage ? [post.featureImage] : [])]) {
      const host = hostOf(url)
      if (host) hosts.add(host)
      const found = matchMedia(url)
      report.image(url, !!found)
      if (found) images.set(url, { entry: found, path: mediaPath(found) })
      else missing.set(url, [...(missing.get(url) ?? []), post.title])
    }
  }
  // Second pass: links between imported posts, now that every new URL is known.
  const mapLink = createLinkMapper([...hosts, ...oldHosts], oldToNew)
  const linkRewrites = new Map<string, number>()
  if (input.countLinks !== false)
    for await (const item of readSource(input)) {
      if (item.kind !== 'post') continue
      const { links } = rewritePost(item.post, mapLink, (url) => images.get(url)?.path)
      if (links) linkRewrites.set(item.post.sourceKey, links)
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
