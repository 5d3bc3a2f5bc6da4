// JSON-LD builders (schema.org), each with the properties Google requires for its rich result.
// https://developers.google.com/search/docs/appearance/structured-data/search-gallery
import type { BlogPost } from '../../data/loadData.ts'
import type { FaqPair, Job, QaEntry, Site } from '../../data/schema.ts'
import type { Crumb } from '../../templates/types.ts'

type Ld = Record<string, unknown>

export function organizationLd(site: Site, siteUrl: string): Ld[] {
  const address = {
    '@type': 'PostalAddress',
    streetAddress: site.contact.address.street,
    addressLocality: site.contact.address.city,
    addressRegion: site.contact.address.region,
    postalCode: site.contact.address.postalCode,
    addressCountry: site.contact.address.country,
  }
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${siteUrl}/#organization`,
      name: site.brand.name,
      legalName: site.brand.legalName,
      url: `${siteUrl}/`,
      logo: `${siteUrl}/logo.png`,
      email: site.contact.email,
      telephone: site.contact.phoneE164,
      foundingDate: String(site.foundingYear),
      sameAs: site.social.map((s) => s.url),
      address,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      '@id': `${siteUrl}/#localbusiness`,
      name: site.brand.name,
      url: `${siteUrl}/`,
      image: `${siteUrl}${site.seo.defaultImage}`,
      telephone: site.contact.phoneE164,
      email: site.contact.email,
      priceRange: '$$$',
      address,
      areaServed: { '@type': 'Country', name: 'United States' },
      parentOrganization: { '@id': `${siteUrl}/#organization` },
    },
  ]
}

export function breadcrumbLd(crumbs: Crumb[], siteUrl: string): Ld {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.url === '/' ? '/' : crumb.url}`,
    })),
  }
}

export function faqLd(faqs: FaqPair[]): Ld {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  }
}

export function serviceLd(opts: { name: string; description: string; url: string; serviceType: string; areaServed: string }, siteUrl: string): Ld {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: opts.name,
    description: opts.description,
    serviceType: opts.serviceType,
    url: opts.url,
    areaServed: opts.areaServed,
    provider: { '@id': `${siteUrl}/#localbusiness` },
  }
}

export function qaPageLd(qa: QaEntry, url: string, upvotes: number): Ld {
  const author = { '@type': 'Person', name: qa.author }
  return {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    mainEntity: {
      '@type': 'Question',
      name: qa.question,
      text: qa.question,
      answerCount: 1,
      datePublished: qa.datePublished,
      dateModified: qa.dateModified,
      author,
      acceptedAnswer: {
        '@type': 'Answer',
        text: qa.answer.join('\n\n'),
        datePublished: qa.datePublished,
        upvoteCount: upvotes,
        url: `${url}#answer`,
        author,
      },
    },
  }
}

export function blogPostingLd(post: BlogPost, url: string, image: string, site: Site, siteUrl: string): Ld {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    image: [image],
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: site.brand.name, logo: { '@type': 'ImageObject', url: `${siteUrl}/logo.png` } },
    mainEntityOfPage: url,
    keywords: post.tags.join(', '),
  }
}

export function jobPostingLd(job: Job, site: Site, siteUrl: string): Ld {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: `<p>${job.summary}</p><ul>${job.responsibilities.map((r) => `<li>${r}</li>`).join('')}</ul>`,
    datePosted: job.datePosted,
    validThrough: `${job.validThrough}T23:59:59-06:00`,
    employmentType: job.employmentType,
    identifier: { '@type': 'PropertyValue', name: site.brand.name, value: job.slug },
    hiringOrganization: { '@type': 'Organization', name: site.brand.name, sameAs: `${siteUrl}/`, logo: `${siteUrl}/logo.png` },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: site.contact.address.street,
        addressLocality: site.contact.address.city,
        addressRegion: site.contact.address.region,
        postalCode: site.contact.address.postalCode,
        addressCountry: site.contact.address.country,
      },
    },
    ...(job.remote ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'USA' } } : {}),
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: job.salary.currency,
      value: { '@type': 'QuantitativeValue', minValue: job.salary.min, maxValue: job.salary.max, unitText: 'YEAR' },
    },
  }
}
