// A staff page whose module brings its own loader (src/routes.tsx imports it once, in the route's
// `lazy`, so the home page carries no loader of it): the loader runs the staff step every staff
// route runs first, then the page's own load.
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { AppRuntime } from './runtime';

/** The staff step of src/routes.tsx: others are sent to the staff sign-in. */
export type StaffOnly = (args: LoaderFunctionArgs) => Promise<void>;

export const staffPageRoute =
  <T,>(load: (runtime: AppRuntime, args: LoaderFunctionArgs) => Promise<T>, Component: ComponentType) =>
  (runtime: AppRuntime, staffOnly: StaffOnly) => ({
    loader: async (args: LoaderFunctionArgs): Promise<T> => {
      await staffOnly(args);
      return load(runtime, args);
    },
    Component,
  });
