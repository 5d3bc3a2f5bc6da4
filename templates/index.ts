// Template registry: the catalog names a template, pages/+Page.tsx renders it from here.
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
}
