import { createBrowserRouter, type DataRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { routes } from './routes';

/**
 * The browser router. When the page was prerendered, the route modules of the current URL are
 * loaded first, so that the first client render matches the server's HTML (hydration).
 */
export async function createAppRouter(options: { isHydrating: boolean }): Promise<DataRouter> {
  if (options.isHydrating) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const module = await route.lazy();
        Object.assign(route, { ...module, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes);
}

export function App({ router }: { router: DataRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
