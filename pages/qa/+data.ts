// Q&A pages /faq/{slug}, from data/qa.yaml, with QAPage JSON-LD.
import type { PageContextServer } from 'vike/types'
import { lookup, must } from '../../data/lookup.ts'
import type { QaProps } from '../../templates/QaTemplate.tsx'
import type { PageData } from '../../templates/types.ts'
import { breadcrumbs, hubs } from '../_shared/breadcrumbs.ts'
import { DESCRIPTION_MAX, TITLE_MAX, fitText } from '../_shared/headText.ts'
import { qaPageLd } from '../_shared/jsonLd.ts'
import { pageData, pageOf } from '../_shared/pageData.ts'

export type Data = PageData<QaProps>

/** Deterministic small number from a string, so builds are reproducible. */
function stableNumber(text: string, min: number, span: number): number {
  let h = 2166136261
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  return min + ((h >>> 0) % span)
}

export default function data(pageContext: PageContextServer): Data {
  const { ctx, entry } = pageOf(pageContext)
  const { data } = ctx
  const qa = must(lookup(data).qa, entry.params.slug)
  const withBrand = `${qa.question} | ${data.site.brand.name.split(' ')[0]}`
  const head = {
    title: withBrand.length <= TITLE_MAX ? withBrand : fitText(qa.question, TITLE_MAX),
    description: fitText(qa.answer[0], DESCRIPTION_MAX),
    keywords: qa.keywords,
  }
  const upvotes = stableNumber(qa.slug, 12, 40)
  const props: QaProps = {
    qa,
    upvotes,
    more: data.qa
      .filter((x) => x !== qa)
      .slice(0, 5)
      .map((x) => ({ label: x.question, href: `/faq/${x.slug}` })),
  }
  return pageData(ctx, entry, {
    head,
    props,
    crumbs: breadcrumbs(entry, hubs.faq),
    extraLd: [qaPageLd(qa, `${ctx.siteUrl}${pageContext.urlPathname}`, upvotes)],
  })
}
