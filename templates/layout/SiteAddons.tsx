// Site-wide extras the layout places after the footer, each behind its data/site.yaml feature
// flag (chrome.features): the chatbot launcher and the mobile three-step lead form. (GA4 is
// forwarded by the server, never loaded in the page: docs/decisions/122.)
import type { Chrome } from '../types.ts'
import { ChatLauncher } from '../../client/islands/ChatLauncher.tsx'
import { Island } from '../components/Island.tsx'
import { MobileLeadForm } from '../../client/islands/MobileLeadForm.tsx'

export function SiteAddons({ chrome }: { chrome: Chrome }) {
  const { features, contact, brand, nav } = chrome
  return (
    <>
      {features.chatbot && (
        <Island
          name="ChatLauncher"
          component={ChatLauncher}
          props={{ brand: brand.name, phone: contact.phone, phoneE164: contact.phoneE164, quoteHref: nav.cta.href }}
        />
      )}
      {features.mobileLeadForm && <Island name="MobileLeadForm" component={MobileLeadForm} props={{}} />}
    </>
  )
}
