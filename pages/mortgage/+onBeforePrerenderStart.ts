import { prerenderFamily } from '../_shared/familyPage.ts'

export default prerenderFamily('mortgage')
