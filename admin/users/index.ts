import ManageAccountsIcon from '@mui/icons-material/ManageAccounts'
import { UserCreate } from './UserCreate.tsx'
import { UserEdit } from './UserEdit.tsx'
import { UserList } from './UserList.tsx'

// Users have no separate show page: the edit page shows the account and its audit log.
export default { list: UserList, edit: UserEdit, create: UserCreate, show: UserEdit, icon: ManageAccountsIcon }
