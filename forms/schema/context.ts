// The one way context reaches the schemas: yup's `context` option. Only the session kind changes a
// rule today (the 100% shareholder total is for staff); which wizard and classification apply is a
// matter of which schema is used (see forms/wizards/), not of context.

export interface ValidationContext {
  /** A staff (system_auth) session; public sessions leave it false. */
  staff?: boolean;
}

export const isStaff = (context: unknown) => Boolean((context as ValidationContext | undefined)?.staff);
