import type { PageContext } from 'vike/types'
import type { PageData } from '../templates/types.ts'

export default (pageContext: PageContext) => (pageContext.data as PageData<unknown> | undefined)?.seo.title ?? 'Page not found'
