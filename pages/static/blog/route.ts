import { routeStaticPage } from '../../_shared/familyPage.ts'

export default routeStaticPage('/blog')
