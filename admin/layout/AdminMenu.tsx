// The side menu: only what the signed-in role may open, by the same canAccess as the server.
import QueryStatsIcon from '@mui/icons-material/QueryStats'
import CompareArrowsIcon from '@mui/icons-material/CompareArrows'
import { Menu, usePermissions } from 'react-admin'
import AssignmentIcon from '@mui/icons-material/AssignmentTurnedIn'
import AccountTreeIcon from '@mui/icons-material/AccountTree'
import InsightsIcon from '@mui/icons-material/Insights'
import PeopleIcon from '@mui/icons-material/People'
import TrafficIcon from '@mui/icons-material/Traffic'
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart'
import TrendingUpIcon from '@mui/icons-material/TrendingUp'
import SettingsIcon from '@mui/icons-material/SettingsSuggest'
import EditNoteIcon from '@mui/icons-material/EditNote'
import MoveUpIcon from '@mui/icons-material/MoveUp'
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip'
import { canAccess } from '../../shared/permissions.ts'
import type { Role } from '../authState.ts'

export function AdminMenu() {
  const { permissions: role } = usePermissions<Role | null>()
  const can = (resource: string, action = 'list') => Boolean(role) && canAccess(role as Role, { resource, action })
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Overview" />
      {can('leads') && <Menu.ResourceItem name="leads" />}
      {can('contacts') && <Menu.ResourceItem name="contacts" />}
      {can('companies') && <Menu.ResourceItem name="companies" />}
      {can('deals') && <Menu.ResourceItem name="deals" />}
      {can('activities') && <Menu.ResourceItem name="activities" />}
      {can('activities') && <Menu.Item to="/activities/my-tasks" primaryText="My tasks" leftIcon={<AssignmentIcon />} />}
      {can('users') && <Menu.ResourceItem name="users" />}
      {can('audit-logs') && <Menu.ResourceItem name="audit-logs" />}
      {can('jobs') && <Menu.ResourceItem name="jobs" />}
      {can('redirects') && <Menu.ResourceItem name="redirects" />}
      {can('not-found') && <Menu.ResourceItem name="not-found" />}
      {can('posts') && <Menu.ResourceItem name="posts" />}
      {can('tags') && <Menu.ResourceItem name="tags" />}
      {can('blog-migration') && <Menu.Item to="/blog-migration" primaryText="Blog migration" leftIcon={<MoveUpIcon />} />}
      {can('monitoring') && <Menu.Item to="/monitoring" primaryText="Monitoring" leftIcon={<MonitorHeartIcon />} />}
      {can('error-groups') && <Menu.ResourceItem name="error-groups" />}
      {can('incidents') && <Menu.ResourceItem name="incidents" />}
      {can('maintenance-windows') && <Menu.ResourceItem name="maintenance-windows" />}
      {can('alerts') && <Menu.ResourceItem name="alerts" />}
      {can('spam-review') && <Menu.ResourceItem name="spam-review" />}
      {can('trends') && <Menu.Item to="/trends" primaryText="Trends" leftIcon={<TrendingUpIcon />} />}
      {can('blog-generator') && <Menu.Item to="/blog-generator" primaryText="Blog generator" leftIcon={<EditNoteIcon />} />}
      {can('privacy') && <Menu.Item to="/privacy" primaryText="Privacy" leftIcon={<PrivacyTipIcon />} />}
      {can('cms') && <Menu.ResourceItem name="cms" />}
      {can('syndication') && <Menu.ResourceItem name="syndication" />}
      {can('analytics') && <Menu.Item to="/analytics" primaryText="Analytics" leftIcon={<InsightsIcon />} />}
      {can('analytics') && <Menu.Item to="/web-traffic" primaryText="Web traffic" leftIcon={<TrafficIcon />} />}
      {can('analytics') && <Menu.Item to="/web-analytics" primaryText="Web analytics" leftIcon={<QueryStatsIcon />} />}
      {can('analytics') && <Menu.Item to="/google-analytics" primaryText="Google Analytics" leftIcon={<CompareArrowsIcon />} />}
      {can('attribution') && <Menu.Item to="/attribution" primaryText="Attribution" leftIcon={<AccountTreeIcon />} />}
      {can('analytics') && <Menu.Item to="/visitors" primaryText="Visitors" leftIcon={<PeopleIcon />} />}
      {can('subscribers') && <Menu.ResourceItem name="subscribers" />}
      {can('newsletter-campaigns') && <Menu.ResourceItem name="newsletter-campaigns" />}
      {can('social-media') && <Menu.ResourceItem name="social-media" />}
      {can('social-accounts') && <Menu.ResourceItem name="social-accounts" />}
      {can('newsletter-lists') && <Menu.ResourceItem name="newsletter-lists" />}
      {can('subscribers') && <Menu.Item to="/newsletter-analytics" primaryText="Newsletter analytics" leftIcon={<InsightsIcon />} />}
      {can('newsletter-settings') && <Menu.Item to="/newsletter-settings" primaryText="Newsletter settings" leftIcon={<SettingsIcon />} />}
    </Menu>
  )
}
