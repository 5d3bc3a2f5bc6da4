// Activities (notes, calls, emails, meetings, tasks on a contact, company or deal). A new one
// belongs to its author unless an owner is given.
import { ActivityCreateSchema, ActivityUpdateSchema } from '../../shared/adminContract.ts'
import { activitiesTable } from '../db/queries/activities.ts'
import type { AdminResourceModule } from './resourceRouter.ts'

export const activities: AdminResourceModule = {
  config: {
    name: 'activities',
    spec: activitiesTable,
    defaultSort: ['created_at', 'DESC'],
    createSchema: ActivityCreateSchema,
    updateSchema: ActivityUpdateSchema,
    beforeCreate: async (data, w) => ({ ...data, owner_id: data.owner_id === undefined ? w.userId : data.owner_id }),
  },
}
