import WorkHistoryIcon from '@mui/icons-material/WorkHistory'
import { JobList } from './JobList.tsx'
import { JobShow } from './JobShow.tsx'

export default { list: JobList, show: JobShow, icon: WorkHistoryIcon }
