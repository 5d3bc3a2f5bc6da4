import { routeFamily } from '../_shared/familyPage.ts'

export default routeFamily('service')
