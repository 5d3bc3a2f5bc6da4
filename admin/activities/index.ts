import EventNoteIcon from '@mui/icons-material/EventNote'
import { ActivityCreate } from './ActivityCreate.tsx'
import { ActivityEdit } from './ActivityEdit.tsx'
import { ActivityList } from './ActivityList.tsx'
import { ActivityShow } from './ActivityShow.tsx'

export default { list: ActivityList, show: ActivityShow, edit: ActivityEdit, create: ActivityCreate, icon: EventNoteIcon }
