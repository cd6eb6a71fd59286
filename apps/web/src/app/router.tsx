import { ROUTES } from '@portal/domain';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingView } from '../ui/LoadingView';
import { AppFrame } from './AppFrame';
import { NotFoundPage } from './errors/NotFoundPage';
import { RouteErrorPage } from './errors/RouteErrorPage';

/** Route metadata read by the frame (document title now; breadcrumbs later). */
export type RouteHandle = { titleKey: string };

/** The handle of a path of the shared route table (SPEC §2), so titles are defined once. */
function handleOf(path: string): RouteHandle {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`${path} is not in the ROUTES table of @portal/domain`);
  return { titleKey: route.titleKey };
}

/** Every screen is its own lazy chunk; the frame and error pages load with the app. */
const routes: RouteObject[] = [
  {
    element: <AppFrame />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingView />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      {
        path: '/home',
        handle: handleOf('/home'),
        lazy: async () => ({ Component: (await import('../features/home/HomePage')).HomePage }),
      },
      { path: '*', handle: { titleKey: 'app.notFoundTitle' } satisfies RouteHandle, Component: NotFoundPage },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
