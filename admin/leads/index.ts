import InboxIcon from '@mui/icons-material/Inbox'
import { LeadCreate } from './LeadCreate.tsx'
import { LeadEdit } from './LeadEdit.tsx'
import { LeadList } from './LeadList.tsx'
import { LeadShow } from './LeadShow.tsx'

export default { list: LeadList, show: LeadShow, edit: LeadEdit, create: LeadCreate, icon: InboxIcon }
