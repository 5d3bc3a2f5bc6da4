// Every island the browser can hydrate, loaded on demand by pages/client.ts.
export const islands = {
  MobileMenu: () => import('./MobileMenu.tsx'),
  CallBar: () => import('./CallBar.tsx'),
  NewsletterForm: () => import('./NewsletterForm.tsx'),
  QuoteForm: () => import('./QuoteForm.tsx'),
  ContactForm: () => import('./ContactForm.tsx'),
  ApplyForm: () => import('./ApplyForm.tsx'),
  RoiCalculator: () => import('./RoiCalculator.tsx'),
  HeroRotator: () => import('./HeroRotator.tsx'),
  ResultsCarousel: () => import('./ResultsCarousel.tsx'),
  FaqAccordion: () => import('./FaqAccordion.tsx'),
  ExitIntentPopup: () => import('./ExitIntentPopup.tsx'),
  Toaster: () => import('./Toaster.tsx'),
  ChatLauncher: () => import('./ChatLauncher.tsx'),
  MobileLeadForm: () => import('./MobileLeadForm.tsx'),
}

export type IslandName = keyof typeof islands
