import PeopleIcon from '@mui/icons-material/People'
import { ContactCreate } from './ContactCreate.tsx'
import { ContactEdit } from './ContactEdit.tsx'
import { ContactList } from './ContactList.tsx'
import { ContactShow } from './ContactShow.tsx'

// /admin/contacts/:id is the profile (issue 5), so the profile is mounted on the edit route and
// the form lives at /admin/contacts/:id/edit (App.tsx).
export default { list: ContactList, show: ContactShow, edit: ContactShow, create: ContactCreate, icon: PeopleIcon }
export { ContactEdit }
