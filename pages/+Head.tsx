// The complete SEO head of a page: canonical, robots, keywords, Open Graph, Twitter, JSON-LD.
// vike-react renders <title>, og:title, <meta name="description"> and og:description from +title
// and +description, so they are not repeated here.
import { useData } from 'vike-react/useData'
import type { PageData } from '../templates/types.ts'

/** JSON-LD inside <script> must not be able to close the tag. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

export default function Head() {
  const data = useData<PageData<unknown> | undefined>()
  if (!data) return <meta name="robots" content="noindex" />
  const { seo } = data
  return (
    <>
      <link rel="canonical" href={seo.canonical} />
      <meta name="robots" content={seo.robots} />
      <meta name="keywords" content={seo.keywords.join(', ')} />
      <meta name="theme-color" content="#0f172a" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta property="og:type" content={seo.ogType} />
      <meta property="og:site_name" content={seo.siteName} />
      <meta property="og:url" content={seo.canonical} />
      <meta property="og:image" content={seo.image} />
      {seo.imageMeta ? (
        <>
          {seo.imageMeta.width && <meta property="og:image:width" content={String(seo.imageMeta.width)} />}
          {seo.imageMeta.height && <meta property="og:image:height" content={String(seo.imageMeta.height)} />}
          <meta property="og:image:alt" content={seo.imageMeta.alt} />
        </>
      ) : (
        <>
          <meta property="og:image:width" content="1200" />
          <meta property="og:image:height" content="630" />
        </>
      )}
      <meta property="og:locale" content="en_US" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:site" content={seo.twitterHandle} />
      <meta name="twitter:title" content={seo.title} />
      <meta name="twitter:description" content={seo.description} />
      <meta name="twitter:image" content={seo.image} />
      {seo.imageMeta && <meta name="twitter:image:alt" content={seo.imageMeta.alt} />}
      {seo.feeds?.map((feed) => (
        <link key={feed.href} rel="alternate" type={feed.type} title={feed.title} href={feed.href} />
      ))}
      {seo.jsonLd.map((ld, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJson(ld) }} />
      ))}
    </>
  )
}
