// Internal links and images of imported posts. Old addresses (permalink, ?p=ID) map to the new
// post URL; image URLs map to files of the uploaded media zip by their path under /uploads/ (a
// resized "-300x200" variant falls back to its original). Pure.
import { urlPath } from './types.ts'

/** The key a WordPress upload URL is matched by: its path after "/uploads/", lower case. */
export function uploadKey(url: string): string {
  let p: string
  try {
    p = decodeURIComponent(new URL(url, 'http://placeholder.invalid').pathname)
  } catch {
    p = url
  }
  const i = p.toLowerCase().lastIndexOf('/uploads/')
  return (i >= 0 ? p.slice(i + '/uploads/'.length) : p.replace(/^\/+/, '')).toLowerCase()
}

/** "2023/05/calls-300x200.png" → "2023/05/calls.png"; null when it is not a resized variant. */
export const unsizedKey = (key: string) => (/-\d+x\d+(\.[a-z0-9]+)$/.test(key) ? key.replace(/-\d+x\d+(\.[a-z0-9]+)$/, '$1') : null)

/** Finds the media zip entry for an image URL, by its uploads path or a path ending with it. */
export function createMediaMatcher(entries: Iterable<string>) {
  const byKey = new Map<string, string>()
  for (const entry of entries) {
    const key = uploadKey(`/${entry}`)
    byKey.set(key, entry)
    // "wp-content/uploads/2023/05/x.png", "uploads/2023/05/x.png" and "2023/05/x.png" all match.
    const parts = key.split('/')
    for (let i = 1; i < parts.length; i++) {
      const tail = parts.slice(i).join('/')
      if (!byKey.has(tail)) byKey.set(tail, entry)
    }
  }
  return (url: string): string | undefined => {
    const key = uploadKey(url)
    const found = byKey.get(key)
    if (found) return found
    const unsized = unsizedKey(key)
    return unsized ? byKey.get(unsized) : undefined
  }
}

/** The webp path an image is published under: /media/blog/2023/05/calls.webp. */
export const mediaPath = (entry: string) => `/media/blog/${uploadKey(`/${entry}`).replace(/\.[a-z0-9]+$/, '')}.webp`

/**
 * Maps a link target of an imported post to its new URL when it points at an imported post of the
 * old site (same host, or a relative path); undefined otherwise. `oldToNew` holds old paths.
 */
export function createLinkMapper(oldHosts: string[], oldToNew: Map<string, string>) {
  const hosts = new Set(oldHosts.map((h) => h.toLowerCase()))
  return (href: string): string | undefined => {
    if (/^(mailto|tel|javascript|data):/i.test(href) || href.startsWith('#')) return undefined
    let url: URL
    try {
      url = new URL(href, 'http://relative.invalid')
    } catch {
      return undefined
    }
    if (url.host !== 'relative.invalid' && !hosts.has(url.host.toLowerCase())) return undefined
    const path = urlPath(url.toString())
    if (!path) return undefined
    const to = oldToNew.get(path) ?? oldToNew.get(path.split('?')[0])
    return to ? to + url.hash : undefined
  }
}

export type Rewritten = { markdown: string; featureImage: string | null; links: number; images: number }

/** A post's body and featured image with internal links and found images pointing at their new URLs. */
export function rewritePost(
  post: { markdown: string; featureImage: string | null },
  mapLink: (href: string) => string | undefined,
  mapImage: (url: string) => string | undefined,
): Rewritten {
  let links = 0
  let images = 0
  const markdown = rewriteUrlsCounted(post.markdown, (url, isImage) => {
    const image = mapImage(url)
    if (image) {
      images++
      return image
    }
    if (isImage) return undefined
    const to = mapLink(url)
    if (to) links++
    return to
  })
  const feature = post.featureImage ? (mapImage(post.featureImage) ?? post.featureImage) : null
  return { markdown, featureImage: feature, links, images }
}

/** Like rewriteUrls in toMarkdown.ts, telling the mapper whether the target is an image. */
function rewriteUrlsCounted(markdown: string, map: (url: string, isImage: boolean) => string | undefined): string {
  return markdown
    .replace(/(!?)(\[[^\]]*\]\(\s*<?)([^)\s>]+)/g, (whole, bang: string, lead: string, url: string) => {
      const to = map(url, bang === '!')
      return to ? bang + lead + to : whole
    })
    .replace(/(<(img|a)\b[^>]*?\s(?:src|href)=["'])([^"']+)/gi, (whole, lead: string, tag: string, url: string) => {
      const to = map(url, tag.toLowerCase() === 'img')
      return to ? lead + to : whole
    })
}
