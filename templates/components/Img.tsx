// An image that loads lazily with a 50 px margin, WebP first, then the original, then its
// placeholder, then 'Image unavailable' (spec section 2; the loading is client/ui/
// lazyImages.ts, started by pages/client.ts). Raster images get their .webp sibling at build time
// (scripts/build/assets.ts). Without JavaScript the <noscript> copy shows the original.
const raster = /\.(png|jpe?g)$/i

export type ImgProps = {
  src: string
  alt: string
  width: number
  height: number
  className?: string
  /** Shown in a box of this class (size and shape); defaults to an inline block of the image size. */
  boxClassName?: string
  /** Used when the image and its WebP variant both fail, e.g. a placeholder avatar. */
  fallbackSrc?: string
}

export function Img({ src, alt, width, height, className = '', boxClassName, fallbackSrc }: ImgProps) {
  const webp = raster.test(src) ? src.replace(raster, '.webp') : undefined
  return (
    <span data-img="" className={`block overflow-hidden bg-slate-100 ${boxClassName ?? ''}`} style={boxClassName ? undefined : { width, height }}>
      <picture>
        <img
          data-src={src}
          data-webp={webp}
          data-fallback={fallbackSrc}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          className={`block ${className}`}
        />
      </picture>
      <noscript>
        <img src={src} alt={alt} width={width} height={height} className={`block ${className}`} />
      </noscript>
    </span>
  )
}
