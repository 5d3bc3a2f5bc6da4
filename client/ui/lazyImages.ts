// Loads the images written by templates/components/Img.tsx (spec section 2): when one comes within
// 50 px of the viewport it gets its WebP variant first (a <source> in its <picture>) and falls
// back to the original file if that fails, then to the image's placeholder if it has one, and
// finally shows 'Image unavailable'. data-state says where each image is: pending, loaded or
// failed.
export const IMAGE_ROOT_MARGIN = '50px'
export const IMAGE_UNAVAILABLE = 'Image unavailable'

let observer: IntersectionObserver | undefined

function fail(img: HTMLImageElement) {
  img.dataset.state = 'failed'
  const box = img.closest<HTMLElement>('[data-img]')
  if (!box) return
  const note = document.createElement('span')
  note.className = 'flex h-full w-full items-center justify-center bg-slate-100 p-2 text-center text-xs font-medium text-slate-700'
  note.textContent = IMAGE_UNAVAILABLE
  if (img.alt) {
    note.setAttribute('role', 'img')
    note.setAttribute('aria-label', `${img.alt} (${IMAGE_UNAVAILABLE.toLowerCase()})`)
  }
  box.replaceChildren(note)
}

function onError(img: HTMLImageElement) {
  const picture = img.parentElement instanceof HTMLPictureElement ? img.parentElement : null
  const webp = picture?.querySelector('source[type="image/webp"]')
  const original = img.dataset.src ?? ''
  const fallback = img.dataset.fallback
  if (webp) {
    // The WebP variant failed: drop it, the <img> then loads the original.
    webp.remove()
    img.src = original
  } else if (fallback && img.getAttribute('src') !== fallback) {
    img.src = fallback
  } else {
    fail(img)
  }
}

function load(img: HTMLImageElement) {
  const original = img.dataset.src
  if (!original) return
  img.addEventListener('load', () => (img.dataset.state = 'loaded'))
  img.addEventListener('error', () => onError(img))
  const picture = img.parentElement
  if (img.dataset.webp && picture instanceof HTMLPictureElement) {
    const source = document.createElement('source')
    source.type = 'image/webp'
    source.srcset = img.dataset.webp
    picture.insertBefore(source, img)
  }
  img.src = original
}

/** Starts watching every image of the Img component inside `scope` that is not loaded yet. */
export function enhanceImages(scope: ParentNode = document) {
  const images = scope.querySelectorAll<HTMLImageElement>('img[data-src]:not([data-state])')
  if (images.length === 0) return
  observer ??=
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue
              observer!.unobserve(entry.target)
              load(entry.target as HTMLImageElement)
            }
          },
          { rootMargin: IMAGE_ROOT_MARGIN },
        )
      : undefined
  for (const img of images) {
    img.dataset.state = 'pending'
    if (observer) observer.observe(img)
    else load(img)
  }
}
