import { Outlet, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layouts/app-layout';
import { DefaultLayout } from '../components/layouts/default-layout';
import { ProjectSetupLayout } from '../components/layouts/project-setup-layout';
import { Spinner } from '../components/ui/spinner';
import { GuestOnly, RequireAuth } from '../lib/auth';
import { RouteErrorPage } from '../routes/error';
import { Component as HomePage } from '../routes/home';
import { NotFoundPage } from '../routes/not-found';
import { RootLayout } from './root-layout';

function PageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label="Loading…" />
    </div>
  );
}

/**
 * The route table. Route modules export `Component` and load on demand, except the home page,
 * which most visits start on. Every path here is also in ./paths.ts, which the server reads
 * to answer unknown paths with a real 404.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <DefaultLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'features', lazy: () => import('../routes/features') },
          { path: 'ai', lazy: () => import('../routes/ai') },
          { path: 'collaboration', lazy: () => import('../routes/collaboration') },
          { path: 'developer-tools', lazy: () => import('../routes/developer-tools') },
          { path: 'pricing', lazy: () => import('../routes/pricing') },
          { path: 'blog', lazy: () => import('../routes/blog/index') },
          { path: 'blog/category/:slug', lazy: () => import('../routes/blog/category') },
          { path: 'blog/:id', lazy: () => import('../routes/blog/post') },
          { path: 'docs', lazy: () => import('../routes/docs') },
          { path: 'status', lazy: () => import('../routes/status') },
          { path: 'auth/:provider/callback', lazy: () => import('../routes/auth/oauth-callback') },
          { path: 'about', lazy: () => import('../routes/about') },
          { path: 'careers', lazy: () => import('../routes/careers') },
          { path: 'contact', lazy: () => import('../routes/contact') },
          { path: 'support', lazy: () => import('../routes/support') },
          { path: 'privacy', lazy: () => import('../routes/legal/privacy') },
          { path: 'terms', lazy: () => import('../routes/legal/terms') },
          { path: 'cookies', lazy: () => import('../routes/legal/cookies') },
          { path: 'forgot-password', lazy: () => import('../routes/forgot-password') },
          { path: 'reset-password', lazy: () => import('../routes/reset-password') },
          {
            element: (
              <GuestOnly>
                <Outlet />
              </GuestOnly>
            ),
            children: [
              { path: 'login', lazy: () => import('../routes/login') },
              { path: 'register', lazy: () => import('../routes/register') },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'app/project',
        element: (
          <RequireAuth>
            <ProjectSetupLayout />
          </RequireAuth>
        ),
        children: [{ index: true, lazy: () => import('../routes/app/project') }],
      },
      {
        path: 'app',
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, lazy: () => import('../routes/app/dashboard') },
          { path: 'graphql', lazy: () => import('../routes/app/graphql') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
