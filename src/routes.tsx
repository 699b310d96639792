// The route table of spec 01 §2 and 02 §2. Every route except /logout and the error and code
// pages runs the authentication step first; a failure there redirects to /error.
import { createBrowserRouter, redirect, redirectDocument, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { APPLICANT_WIZARDS, printBase } from '../forms/app-paths';
import type { AppRuntime } from './session/runtime';
import { hasStaffCookie } from './session/staff-cookie';
import { AppLayout } from './layout/app-layout';
import { HomePage } from './pages/home-page';
import { LoadingPage } from './pages/loading-page';
import { ErrorPage, ExpiredCodePage, IncorrectCodePage, NotFoundPage } from './pages/message-pages';

export function buildRoutes(runtime: AppRuntime): RouteObject[] {
  const authenticated = async () => {
    const session = await runtime.authenticate();
    if (session.hasTag('error')) throw redirect('/error');
    return null;
  };

  /** Staff pages: others are sent to the staff sign-in. */
  const staffOnly = async ({ request }: LoaderFunctionArgs) => {
    await authenticated();
    if (runtime.session.getSnapshot().context.authType !== 'system_auth') {
      const { pathname, search } = new URL(request.url);
      throw redirectDocument(`/staff/login?next=${encodeURIComponent(pathname + search)}`);
    }
  };

  /**
   * The machine lab: staff only (the page refuses those without the lab permission); in
   * `npm run dev`, anyone, with no sign-in (`roles` null).
   */
  const labOnly = async (args: LoaderFunctionArgs) => {
    if (!import.meta.env.DEV) await staffOnly(args);
    return { roles: import.meta.env.DEV ? null : (runtime.session.getSnapshot().context.user?.roles ?? []), company: runtime.config.company.name, http: runtime.http };
  };

  /** A staff list: the page its URL asks for, read by a module that arrives with the list pages. */
  const staffList =
    <T,>(load: (lists: typeof import('./lists/list-data'), request: Request) => Promise<T>) =>
    async (args: LoaderFunctionArgs): Promise<T> => {
      await staffOnly(args);
      return load(await import('./lists/list-data'), args.request);
    };

  return [
    {
      element: <AppLayout />,
      hydrateFallbackElement: <LoadingPage />,
      children: [
        { path: '/', loader: authenticated, element: <HomePage /> },
        // The names of src/wizard/wizard-routes.ts, listed here so the forms load with the wizard page only.
        ...(['pf', 'pfae', 'pm', 'avalpf', 'avalpfae', 'avalpm', 'aval/pf', 'aval/pfae', 'aval/pm'] as const).map(
          (wizard): RouteObject => ({
            path: `/${wizard}/:uuid?`,
            loader: authenticated,
            handle: { wizard },
            lazy: async () => ({ Component: (await import('./wizard/wizard-page')).WizardRoute }),
          }),
        ),
        // The print views of spec 02 §2 (src/print/print-page.tsx reads which from the path): the
        // packet, its page rules and styles load with the print view only.
        ...APPLICANT_WIZARDS.map(
          (wizard): RouteObject => ({
            path: `${printBase(wizard)}/:uuid?`,
            loader: authenticated,
            lazy: async () => ({ Component: (await import('./print/print-page')).PrintRoute }),
          }),
        ),
        {
          path: '/list-cache',
          loader: staffList((lists, request) => lists.loadUnfinished(runtime.http, request)),
          lazy: async () => ({ Component: (await import('./lists/unfinished-page')).UnfinishedPage }),
        },
        {
          path: '/list',
          loader: staffList((lists, request) => lists.loadApplicants(runtime.http, request)),
          lazy: async () => ({ Component: (await import('./lists/applicants-page')).ApplicantsPage }),
        },
        // Pages whose module brings its loader (src/session/staff-page-route.ts): a record's history; PLD
        // alerts (Analista and up) and the e-mail outbox (Administrador), whose loads refuse other staff.
        { path: '/historial/:uuid', lazy: async () => (await import('./lists/history-page')).route(runtime, staffOnly) },
        { path: '/alertas-pld', lazy: async () => (await import('./pld-alerts/pld-alerts-page')).route(runtime, staffOnly) },
        { path: '/correos', lazy: async () => (await import('./mail-outbox/mail-outbox-page')).route(runtime, staffOnly) },
        {
          path: '/maquinas/:machine?',
          loader: labOnly,
          lazy: async () => ({ Component: (await import('./lab/lab-page')).LabRoute }),
        },
        {
          path: '/logout',
          // Never shown: the loader always redirects (an element keeps React Router from warning).
          element: <LoadingPage />,
          loader: async () => {
            const staff = hasStaffCookie(runtime.config.staffCookieName);
            runtime.session.send({ type: 'session.logout' });
            if (!staff) return redirect('/');
            // Staff sign out of the staff session too: the server ends it and clears its cookies
            // (a same-origin POST, as its own button sends), then its sign-in page is shown. A
            // main system elsewhere signs out on its own page.
            const logout = new URL(runtime.config.links.mainSystemLogout, window.location.href);
            if (logout.origin !== window.location.origin) return redirectDocument(logout.href);
            await fetch(logout, { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
            return redirectDocument('/staff/login');
          },
        },
        { path: '/error', element: <ErrorPage /> },
        { path: '/incorrectCode', element: <IncorrectCodePage /> },
        { path: '/expiredCode', element: <ExpiredCodePage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createRouter(runtime: AppRuntime) {
  return createBrowserRouter(buildRoutes(runtime));
}
