// Every island the browser can hydrate, loaded on demand by pages/client.ts.
export const islands = {
  MobileMenu: () => import('./MobileMenu.tsx'),
  CallBar: () => import('./CallBar.tsx'),
  NewsletterForm: () => import('./NewsletterForm.tsx'),
}

export type IslandName = keyof typeof islands
