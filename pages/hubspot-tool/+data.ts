// HubSpot tool integrations /hubspot-{slug}-integration, from data/hubspot-tools.yaml.
import type { PageContextServer } from 'vike/types'
import { toolUrl } from '../../data/catalog.ts'
import { lookup, must } from '../../data/lookup.ts'
import type { ToolProps } from '../../templates/HubspotToolTemplate.tsx'
import type { PageData } from '../../templates/types.ts'
import { breadcrumbs, hubs } from '../_shared/breadcrumbs.ts'
import { contactOf } from '../_shared/chrome.ts'
import { DESCRIPTION_MAX, TITLE_MAX, firstFitting } from '../_shared/headText.ts'
import { linkTo } from '../_shared/links.ts'
import { pageData, pageOf } from '../_shared/pageData.ts'

export type Data = PageData<ToolProps>

export default function data(pageContext: PageContextServer): Data {
  const { ctx, entry } = pageOf(pageContext)
  const tool = must(lookup(ctx.data).tool, entry.params.tool)
  const label = `HubSpot ${tool.name} Integration`
  const where = `hubspot-tools.yaml "${tool.slug}"`
  const objects = tool.syncedObjects.map((o) => o.hubspot.toLowerCase())
  const head = {
    title: firstFitting([`${label} | ${ctx.data.site.brand.name.split(' ')[0]}`, label], TITLE_MAX, where, 'title'),
    description: firstFitting(
      [
        `Connect ${tool.name} and HubSpot: ${tool.syncDirection} sync of ${objects.join(', ')}, field mapping, setup steps and pitfalls to avoid.`,
        `Connect ${tool.name} and HubSpot: ${tool.syncDirection} sync, field mapping, setup steps and pitfalls to avoid.`,
      ],
      DESCRIPTION_MAX,
      where,
      'description',
    ),
    keywords: [`HubSpot ${tool.name} integration`, `${tool.name} HubSpot sync`, `connect ${tool.name} to HubSpot`],
  }
  const props: ToolProps = {
    tool,
    h1: `HubSpot and ${tool.name} integration`,
    related: tool.related.map((slug) => linkTo(ctx, toolUrl(slug), 'hubspot-tools.yaml', `${tool.slug}.related`)),
    guides: ['/hubspot-custom-integration', '/hubspot-api', '/services/crm-integration', '/integrations']
      .filter((u) => ctx.catalog.byUrl.has(u))
      .map((u) => linkTo(ctx, u, 'hubspot-tools.yaml', 'guides')),
    contact: contactOf(ctx),
  }
  return pageData(ctx, entry, { head, props, crumbs: breadcrumbs(entry, hubs.integrations), faqs: tool.faqs })
}
