export { default } from '../_shared/CatalogPage.tsx'
