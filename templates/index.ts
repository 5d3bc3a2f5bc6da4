// Template registry: the catalog names a template, pages/_shared/CatalogPage.tsx renders it from here.
import { AboutTemplate } from './AboutTemplate.tsx'
import { ApplyTemplate } from './ApplyTemplate.tsx'
import { BlogIndexTemplate } from './BlogIndexTemplate.tsx'
import { BlogPostTemplate } from './BlogPostTemplate.tsx'
import { CareersTemplate } from './CareersTemplate.tsx'
import { CaseStudiesTemplate } from './CaseStudiesTemplate.tsx'
import { CaseStudyTemplate } from './CaseStudyTemplate.tsx'
import { ContactTemplate } from './ContactTemplate.tsx'
import { FaqIndexTemplate } from './FaqIndexTemplate.tsx'
import { HomeTemplate } from './HomeTemplate.tsx'
import { IntegrationsTemplate } from './IntegrationsTemplate.tsx'
import { JobTemplate } from './JobTemplate.tsx'
import { LocationsTemplate } from './LocationsTemplate.tsx'
import { NotFoundTemplate } from './NotFoundTemplate.tsx'
import { PartnersTemplate } from './PartnersTemplate.tsx'
import { PortfolioTemplate } from './PortfolioTemplate.tsx'
import { QaTemplate } from './QaTemplate.tsx'
import { QuoteTemplate } from './QuoteTemplate.tsx'
import { RoiCalculatorsTemplate } from './RoiCalculatorsTemplate.tsx'
import { ServicesIndexTemplate } from './ServicesIndexTemplate.tsx'
import { TagTemplate } from './TagTemplate.tsx'
import { ThankYouTemplate } from './ThankYouTemplate.tsx'
import { UnsubscribedTemplate } from './UnsubscribedTemplate.tsx'
import { CityTemplate } from './CityTemplate.tsx'
import { HubspotToolTemplate } from './HubspotToolTemplate.tsx'
import { ServiceTemplate } from './ServiceTemplate.tsx'
import { StateTemplate } from './StateTemplate.tsx'
import { ApiServiceTemplate, HubspotTemplate, LandingTemplate, LegalTemplate, MortgageTemplate } from './TopicTemplates.tsx'

export const templates = {
  CityTemplate,
  StateTemplate,
  HubspotTemplate,
  HubspotToolTemplate,
  ApiServiceTemplate,
  MortgageTemplate,
  LandingTemplate,
  LegalTemplate,
  ServiceTemplate,
  HomeTemplate,
  ServicesIndexTemplate,
  CaseStudiesTemplate,
  PortfolioTemplate,
  AboutTemplate,
  ContactTemplate,
  CareersTemplate,
  BlogIndexTemplate,
  LocationsTemplate,
  ThankYouTemplate,
  UnsubscribedTemplate,
  PartnersTemplate,
  ApplyTemplate,
  FaqIndexTemplate,
  RoiCalculatorsTemplate,
  QuoteTemplate,
  IntegrationsTemplate,
  BlogPostTemplate,
  TagTemplate,
  QaTemplate,
  CaseStudyTemplate,
  JobTemplate,
  NotFoundTemplate,
}
