// The CRM resources' configs: companies, contacts, deals, activities, and the read-only audit log.
import {
  ActivityCreateSchema,
  ActivityUpdateSchema,
  CompanyCreateSchema,
  CompanyUpdateSchema,
  ContactCreateSchema,
  ContactUpdateSchema,
  DealCreateSchema,
  DealUpdateSchema,
} from '../../shared/adminContract.ts'
import { activitiesTable } from '../db/queries/activities.ts'
import { auditLogsTable } from '../db/queries/auditLogs.ts'
import { companiesTable } from '../db/queries/companies.ts'
import { contactsTable } from '../db/queries/contacts.ts'
import { dealsTable, nextPosition } from '../db/queries/deals.ts'
import type { Queryable } from '../db/rows.ts'
import { HttpError } from '../middleware/errorHandler.ts'
import type { ResourceConfig } from './resourceRouter.ts'

export const companiesConfig: ResourceConfig = {
  name: 'companies',
  spec: companiesTable,
  defaultSort: ['name', 'ASC'],
  createSchema: CompanyCreateSchema,
  updateSchema: CompanyUpdateSchema,
}

export const contactsConfig: ResourceConfig = {
  name: 'contacts',
  spec: contactsTable,
  defaultSort: ['last_seen', 'DESC'],
  createSchema: ContactCreateSchema,
  updateSchema: ContactUpdateSchema,
}

async function checkContacts(db: Queryable, ids: unknown) {
  if (!Array.isArray(ids) || !ids.length) return
  const unique = [...new Set(ids as number[])]
  const found = await db('contacts').whereIn('id', unique).count({ n: '*' })
  if (Number(found[0].n) !== unique.length) throw new HttpError(400, 'Please correct the highlighted fields.', { contact_ids: 'Some of these contacts do not exist.' })
}

export const dealsConfig: ResourceConfig = {
  name: 'deals',
  spec: dealsTable,
  defaultSort: ['position', 'ASC'],
  createSchema: DealCreateSchema,
  updateSchema: DealUpdateSchema,
  beforeCreate: async (data, w) => {
    await checkContacts(w.trx, data.contact_ids)
    return { ...data, position: await nextPosition(w.trx, String(data.stage)) }
  },
  beforeUpdate: async (before, patch, w) => {
    await checkContacts(w.trx, patch.contact_ids)
    // A stage changed by an edit form puts the deal at the end of its new column.
    if (patch.stage && patch.stage !== before.stage) return { ...patch, position: await nextPosition(w.trx, String(patch.stage)) }
    return patch
  },
}

export const activitiesConfig: ResourceConfig = {
  name: 'activities',
  spec: activitiesTable,
  defaultSort: ['created_at', 'DESC'],
  createSchema: ActivityCreateSchema,
  updateSchema: ActivityUpdateSchema,
  beforeCreate: async (data, w) => ({ ...data, owner_id: data.owner_id === undefined ? w.userId : data.owner_id }),
}

export const auditLogsConfig: ResourceConfig = {
  name: 'audit-logs',
  spec: auditLogsTable,
  defaultSort: ['created_at', 'DESC'],
}
