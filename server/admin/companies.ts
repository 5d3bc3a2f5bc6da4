// Companies (CRM): the generic resource, nothing more. A lead's conversion and the contact
// import find or create companies by name (server/db/queries/companies.ts).
import { CompanyCreateSchema, CompanyUpdateSchema } from '../../shared/adminContract.ts'
import { companiesTable } from '../db/queries/companies.ts'
import type { AdminResourceModule } from './resourceRouter.ts'

export const companies: AdminResourceModule = {
  config: {
    name: 'companies',
    spec: companiesTable,
    defaultSort: ['name', 'ASC'],
    createSchema: CompanyCreateSchema,
    updateSchema: CompanyUpdateSchema,
  },
}
