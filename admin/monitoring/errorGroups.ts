import BugReportIcon from '@mui/icons-material/BugReport'
import { ErrorGroupList } from './ErrorGroupList.tsx'
import { ErrorGroupShow } from './ErrorGroupShow.tsx'

export default { list: ErrorGroupList, show: ErrorGroupShow, icon: BugReportIcon }
