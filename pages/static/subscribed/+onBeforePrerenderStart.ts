import { prerenderStaticPage } from '../../_shared/familyPage.ts'

export default prerenderStaticPage('/subscribed')
