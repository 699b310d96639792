// The duplicate-RFC rule on the RFC field: asked only for a complete and valid RFC, once per RFC;
// a duplicate shows its message under the field and blocks the submit; a failed call passes.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../forms/messages';
import type { RfcKind } from '../../forms/rules/rfc';
import { TextField } from '../../src/components/fields/text-field';
import { useRfcDuplicateCheck } from '../../src/components/fields/use-rfc-duplicate-check';
import { fakeRuntime, renderForm, sessionOf, type Answers } from './support/render-form';

const RFC = 'GARC850314AB1';
const PERSON = { tipo_persona: 'Física', clasificacion: 'Cliente', uuid: null, cantidad_duplicados: null, fisica: { rfc: '', fecha_nacimiento: '1985-03-14' } };


function RfcField({ kind }: { kind: RfcKind }) {
  const validate = useRfcDuplicateCheck(kind);
  return <TextField name={kind === 'person' ? 'fisica.rfc' : 'moral.rfc'} label="RFC" uppercase validate={validate} />;
}

interface Setup {
  staff?: boolean;
  answers?: Answers;
  initialValues?: object;
  kind?: RfcKind;
  parentUuid?: string | null;
}

function renderRfc({ staff = true, answers = {}, initialValues = PERSON, kind = 'person', parentUuid = null }: Setup = {}) {
  const requests: string[] = [];
  const bodies: Record<string, unknown> = {};
  const submitted = vi.fn();
  const runtime = { ...fakeRuntime(answers, requests), session: sessionOf(staff ? 'system_auth' : 'public', parentUuid) };
  runtime.http.interceptors.request.use((config) => {
    bodies[config.url ?? ''] = config.data;
    return config;
  });
  const { values } = renderForm(<RfcField kind={kind} />, { initialValues, runtime, onSubmit: submitted });
  return { requests, bodies, submitted, values };
}

describe('the duplicate-RFC rule', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());
  const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

  it("shows 'El RFC se encuentra duplicado' under the field, blocks moving on and records the count (staff)", async () => {
    const typing = user();
    const { requests, submitted, values } = renderRfc({ answers: { '/persons/fbrfc': { count: 2 } } });
    await typing.type(screen.getByLabelText('RFC'), RFC.toLowerCase());
    await vi.waitFor(() => expect(values().cantidad_duplicados).toBe(2));
    expect(screen.queryByText(MESSAGES.rfcDuplicate)).toBeNull();
    // Shown once the person has paused for the validation debounce.
    await act(async () => {});
    act(() => void vi.advanceTimersByTime(1600));
    expect(await screen.findByText(MESSAGES.rfcDuplicate)).toBeVisible();
    expect(requests).toEqual(['/persons/fbrfc']);
    await typing.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(submitted).not.toHaveBeenCalled();
  });

  it('asks nothing until the RFC is complete and valid, and asks once per RFC', async () => {
    const typing = user();
    const { requests } = renderRfc({ answers: { '/persons/fbrfc': { count: 0 } } });
    const input = screen.getByLabelText('RFC');
    await typing.type(input, RFC.slice(0, 12));
    expect(requests).toEqual([]);
    await typing.type(input, '1');
    await vi.waitFor(() => expect(requests).toEqual(['/persons/fbrfc']));
    await typing.type(input, '{Backspace}1');
    await typing.clear(input);
    // A birth date that does not match: the RFC's own rule fails, so no duplicate check.
    await typing.type(input, 'GARC850315AB1');
    expect(requests).toEqual(['/persons/fbrfc']);
  });

  it('passes when the call fails, and the form submits', async () => {
    const typing = user();
    const { requests, submitted } = renderRfc({ answers: {} });
    await typing.type(screen.getByLabelText('RFC'), RFC);
    await typing.click(screen.getByRole('button', { name: 'Enviar' }));
    await vi.waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(requests).toEqual(['/persons/fbrfc']);
    expect(screen.queryByText(MESSAGES.rfcDuplicate)).toBeNull();
  });

  it('is not asked for the public about other clients', async () => {
    const typing = user();
    const { requests, submitted } = renderRfc({ staff: false, answers: { '/persons/fbrfc': { count: 1 } } });
    await typing.type(screen.getByLabelText('RFC'), RFC);
    await typing.click(screen.getByRole('button', { name: 'Enviar' }));
    await vi.waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(requests).toEqual([]);
  });

  it("checks a stored client against its application and shows 'El RFC ya se encuentra registrado para esta solicitud.'", async () => {
    const typing = user();
    const uuid = '0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10';
    const { requests, submitted } = renderRfc({ staff: false, initialValues: { ...PERSON, uuid }, answers: { '/wizardpm/avalfbrfc': { count: 1 } } });
    await typing.type(screen.getByLabelText('RFC'), RFC);
    await typing.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MESSAGES.rfcDuplicateGuarantor)).toBeVisible();
    expect(requests).toEqual(['/wizardpm/avalfbrfc']);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('checks a guarantor within its parent, and a company RFC of 12 at moral.rfc', async () => {
    const typing = user();
    const parentUuid = '5f0c1b7e-2d3a-4c55-9a57-3f1a2c9d1e10';
    const { requests, bodies } = renderRfc({
      kind: 'company',
      parentUuid,
      initialValues: { tipo_persona: 'Moral', clasificacion: 'Obligado', uuid: null, moral: { rfc: '' }, informacion_fiscal: { fecha_constitucion: '2010-05-12' } },
      answers: { '/persons/fbrfc': { count: 0 }, '/wizardpm/avalfbrfc': { count: 1 } },
    });
    await typing.type(screen.getByLabelText('RFC'), 'IOC100512AB3');
    await typing.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MESSAGES.rfcDuplicateGuarantor)).toBeVisible();
    expect([...requests].sort()).toEqual(['/persons/fbrfc', '/wizardpm/avalfbrfc']);
    expect(bodies['/wizardpm/avalfbrfc']).toEqual({ parentuuid: parentUuid, uuid: '', rfc: 'IOC100512AB3', clasificacion: 'Aval' });
    expect(bodies['/persons/fbrfc']).toEqual({ uuid: null, tipo_persona: 'Moral', clasificacion: 'Obligado', moral: { rfc: 'IOC100512AB3' } });
  });
});
