// Renders fields inside a react-final-form form, with a fake runtime whose HTTP client answers
// from a table, and the editable level given.
import { render } from '@testing-library/react';
import axios, { type AxiosAdapter } from 'axios';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { createActor, createMachine } from 'xstate';
import type { EditableLevel } from '../../../forms/locking';
import { FormLockProvider } from '../../../src/components/fields/form-lock';
import { ShownErrorsProvider } from '../../../src/components/fields/shown-errors-provider';
import type { AppRuntime } from '../../../src/session/runtime';
import { RuntimeContext } from '../../../src/session/runtime-context';

export type Answers = Record<string, unknown>;

/** A session actor that is only what the selectors read. */
export const sessionOf = (authType: 'public' | 'system_auth', parentUuid: string | null = null) =>
  createActor(createMachine({ context: { authType, parentUuid }, initial: 'on', states: { on: { tags: ['authenticated'] } } })).start() as unknown as AppRuntime['session'];

export function fakeRuntime(answers: Answers = {}, requests: string[] = []): AppRuntime {
  const http = axios.create({ baseURL: '/api' });
  const adapter: AxiosAdapter = async (config) => {
    const url = config.url ?? '';
    requests.push(url);
    if (!(url in answers)) throw Object.assign(new Error(`no answer for ${url}`), { isAxiosError: true, config });
    return { data: answers[url], status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return { http, config: {} as AppRuntime['config'], session: sessionOf('public'), authenticate: async () => ({}) as never };
}

export interface RenderFormOptions {
  initialValues?: object;
  validate?: (values: any) => object | undefined;
  level?: EditableLevel;
  answers?: Answers;
  requests?: string[];
  /** A runtime of the test's own (a session, a recording client); default a fake one answering `answers`. */
  runtime?: AppRuntime;
  onSubmit?: (values: any) => void;
}

export function renderForm(fields: ReactNode, { initialValues = {}, validate, level = 'all', answers, requests, runtime, onSubmit = () => {} }: RenderFormOptions = {}) {
  let current: any = initialValues;
  const utils = render(
    <RuntimeContext.Provider value={runtime ?? fakeRuntime(answers, requests)}>
      <FormLockProvider level={level}>
        <Form
          onSubmit={onSubmit}
          initialValues={initialValues}
          validate={validate}
          render={({ handleSubmit, values }) => {
            current = values;
            return (
              <ShownErrorsProvider>
                <form onSubmit={handleSubmit} noValidate>
                  {fields}
                  <button type="submit">Enviar</button>
                </form>
              </ShownErrorsProvider>
            );
          }}
        />
      </FormLockProvider>
    </RuntimeContext.Provider>,
  );
  return { ...utils, values: () => current };
}
