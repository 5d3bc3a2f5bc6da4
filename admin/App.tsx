// The staff admin: react-admin under /admin over the /api/admin REST API (docs/decisions/050).
import { Admin, CustomRoutes, Resource } from 'react-admin'
import { BrowserRouter, Route } from 'react-router-dom'
import { AccountPage } from './account/AccountPage.tsx'
import { guardViews, RequireAccess } from './common/RequireAccess.tsx'
import { AnalyticsOverview } from './analytics/AnalyticsOverview.tsx'
import { Attribution } from './analytics/Attribution.tsx'
import { LeadJourney, Visitors } from './analytics/Visitors.tsx'
import { WebTraffic } from './analytics/WebTraffic.tsx'
import { WebAnalytics } from './analytics/WebAnalytics.tsx'
import { GoogleAnalytics } from './analytics/GoogleAnalytics.tsx'
import { PrivacyPage } from './privacy/PrivacyPage.tsx'
import { ChangePasswordPage } from './account/ChangePasswordPage.tsx'
import activities from './activities/index.ts'
import { MyTasks } from './activities/MyTasks.tsx'
import auditLogs from './audit/index.ts'
import { authProvider, changePasswordPath } from './authProvider.ts'
import cms from './cms/index.ts'
import companies from './companies/index.ts'
import syndication from './syndication/index.ts'
import { ContactImport } from './contacts/ContactImport.tsx'
import contacts, { ContactEdit } from './contacts/index.ts'
import { Dashboard } from './dashboard/Dashboard.tsx'
import { dataProvider } from './dataProvider.ts'
import { DealTable } from './deals/DealTable.tsx'
import deals from './deals/index.ts'
import errorGroups from './monitoring/errorGroups.ts'
import { MonitoringPage } from './monitoring/MonitoringPage.tsx'
import { TrendsPage } from './trends/TrendsPage.tsx'
import { BlogGeneratorPage } from './blogGenerator/BlogGeneratorPage.tsx'
import { BlogMigrationPage } from './blogMigration/BlogMigrationPage.tsx'
import * as monitoringResources from './monitoring/resources.tsx'
import { i18nProvider } from './i18n.ts'
import jobs from './jobs/index.ts'
import { AdminLayout } from './layout/AdminLayout.tsx'
import leads from './leads/index.ts'
import { LoginPage } from './login/LoginPage.tsx'
import { StaffAccessDenied } from './common/StaffAccessDenied.tsx'
import { StaffNotFound } from './common/StaffNotFound.tsx'
import { theme } from './theme.ts'
import users from './users/index.ts'
import redirects, { RedirectImport, notFound } from './redirects/resources.ts'
import posts, { tags } from './posts/index.ts'
import { campaigns, MailSettings, NewsletterAnalytics, newsletterLists, SubscriberImport, subscribers } from './newsletter/index.ts'
import { SocialCalendar } from './social/SocialCalendar.tsx'
import { SocialQueue } from './social/SocialQueue.tsx'
import { SocialAccountCreate, SocialAccountList, SocialPostCreate, SocialPostEdit, SocialPostList, SocialPostShow } from './social/SocialScreens.tsx'

export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        disableTelemetry
        requireAuth
        title="Proofline admin"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={AdminLayout}
        loginPage={LoginPage}
        accessDenied={StaffAccessDenied}
        catchAll={StaffNotFound}
        dashboard={Dashboard}
        theme={theme}
      >
        <CustomRoutes noLayout>
          <Route path={changePasswordPath} element={<ChangePasswordPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/overview" element={<Dashboard />} />
          <Route path="/account" element={<AccountPage />} />
          <Route
            path="/analytics"
            element={
              <RequireAccess resource="analytics">
                <AnalyticsOverview />
              </RequireAccess>
            }
          />
          <Route
            path="/web-traffic"
            element={
              <RequireAccess resource="analytics">
                <WebTraffic />
              </RequireAccess>
            }
          />
          <Route
            path="/web-analytics"
            element={
              <RequireAccess resource="analytics">
                <WebAnalytics />
              </RequireAccess>
            }
          />
          <Route
            path="/google-analytics"
            element={
              <RequireAccess resource="analytics">
                <GoogleAnalytics />
              </RequireAccess>
            }
          />
          <Route
            path="/attribution"
            element={
              <RequireAccess resource="attribution">
                <Attribution />
              </RequireAccess>
            }
          />
          <Route
            path="/visitors"
            element={
              <RequireAccess resource="analytics">
                <Visitors />
              </RequireAccess>
            }
          />
          <Route
            path="/visitors/lead/:id"
            element={
              <RequireAccess resource="attribution">
                <LeadJourney />
              </RequireAccess>
            }
          />
          <Route
            path="/monitoring"
            element={
              <RequireAccess resource="monitoring">
                <MonitoringPage />
              </RequireAccess>
            }
          />
          <Route
            path="/trends"
            element={
              <RequireAccess resource="trends">
                <TrendsPage />
              </RequireAccess>
            }
          />
          <Route
            path="/blog-generator"
            element={
              <RequireAccess resource="blog-generator">
                <BlogGeneratorPage />
              </RequireAccess>
            }
          />
          <Route
            path="/blog-migration"
            element={
              <RequireAccess resource="blog-migration">
                <BlogMigrationPage />
              </RequireAccess>
            }
          />
          <Route
            path="/blog-migration/:id"
            element={
              <RequireAccess resource="blog-migration">
                <BlogMigrationPage />
              </RequireAccess>
            }
          />
          <Route
            path="/privacy"
            element={
              <RequireAccess resource="privacy">
                <PrivacyPage />
              </RequireAccess>
            }
          />
          <Route
            path="/newsletter-analytics"
            element={
              <RequireAccess resource="subscribers">
                <NewsletterAnalytics />
              </RequireAccess>
            }
          />
          <Route
            path="/newsletter-settings"
            element={
              <RequireAccess resource="newsletter-settings">
                <MailSettings />
              </RequireAccess>
            }
          />
        </CustomRoutes>
        <Resource name="leads" {...guardViews('leads', leads)} recordRepresentation={(r) => r.name || r.email} />
        <Resource
          name="contacts"
          {...guardViews('contacts', contacts)}
          recordRepresentation={(r) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || `Contact #${r.id}`}
        >
          <Route path="new" element={<contacts.create />} />
          <Route path="import" element={<ContactImport />} />
          <Route path=":id/edit" element={<ContactEdit />} />
        </Resource>
        <Resource name="companies" {...guardViews('companies', companies)} recordRepresentation="name">
          <Route path="new" element={<companies.create />} />
        </Resource>
        <Resource name="deals" {...guardViews('deals', deals)} recordRepresentation="name">
          <Route path="new" element={<deals.create />} />
          <Route path="table" element={<DealTable />} />
        </Resource>
        <Resource name="activities" {...guardViews('activities', activities)} recordRepresentation="subject">
          <Route path="new" element={<activities.create />} />
          <Route path="my-tasks" element={<MyTasks />} />
        </Resource>
        <Resource name="users" {...guardViews('users', users)} recordRepresentation={(r) => r.name || r.email} />
        <Resource name="audit-logs" {...guardViews('audit-logs', auditLogs)} options={{ label: 'Audit log' }} />
        <Resource name="jobs" {...guardViews('jobs', jobs)} options={{ label: 'Jobs' }} recordRepresentation={(r) => `${r.type} #${r.id}`} />
        <Resource name="redirects" {...guardViews('redirects', redirects)} recordRepresentation="source">
          <Route path="import" element={<RedirectImport />} />
        </Resource>
        <Resource
          name="error-groups"
          {...guardViews('error-groups', errorGroups)}
          options={{ label: 'Errors' }}
          recordRepresentation={(r) => `${r.error_type}: ${String(r.message).slice(0, 60)}`}
        />
        <Resource name="incidents" {...guardViews('incidents', monitoringResources.incidents)} recordRepresentation="title" />
        <Resource
          name="maintenance-windows"
          {...guardViews('maintenance-windows', monitoringResources.maintenanceWindows)}
          options={{ label: 'Maintenance windows' }}
        />
        <Resource name="alerts" {...guardViews('alerts', monitoringResources.alerts)} recordRepresentation="subject" />
        <Resource
          name="spam-review"
          {...guardViews('spam-review', monitoringResources.spamReview)}
          options={{ label: 'Spam review' }}
          recordRepresentation="email"
        />
        <Resource name="not-found" {...guardViews('not-found', notFound)} options={{ label: '404 log' }} recordRepresentation="path" />
        <Resource name="posts" {...guardViews('posts', posts)} recordRepresentation="title" />
        <Resource name="tags" {...guardViews('tags', tags)} recordRepresentation="name" />
        <Resource name="cms" {...guardViews('cms', cms)} options={{ label: 'Pages (CMS)' }} recordRepresentation="url" />
        <Resource name="syndication" {...guardViews('syndication', syndication)} options={{ label: 'Syndication' }} recordRepresentation="title" />
        <Resource name="subscribers" {...guardViews('subscribers', subscribers)} recordRepresentation="email">
          <Route path="import" element={<SubscriberImport />} />
        </Resource>
        <Resource name="newsletter-campaigns" {...guardViews('newsletter-campaigns', campaigns)} options={{ label: 'Campaigns' }} recordRepresentation="name" />
        <Resource
          name="social-media"
          {...guardViews('social-media', { list: SocialPostList, show: SocialPostShow, create: SocialPostCreate, edit: SocialPostEdit })}
          options={{ label: 'Social media' }}
          recordRepresentation="title"
        >
          <Route path="calendar" element={<SocialCalendar />} />
          <Route path="queue" element={<SocialQueue />} />
        </Resource>
        <Resource
          name="social-accounts"
          {...guardViews('social-accounts', { list: SocialAccountList, create: SocialAccountCreate })}
          options={{ label: 'Social accounts' }}
          recordRepresentation="name"
        />
        <Resource name="newsletter-lists" {...guardViews('newsletter-lists', newsletterLists)} options={{ label: 'Lists' }} recordRepresentation="name" />
      </Admin>
    </BrowserRouter>
  )
}
