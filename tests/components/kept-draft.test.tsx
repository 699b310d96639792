// The draft's notices over the tab's form: an offer of fields another session saved since they were
// typed, shown with both values; an offer of no field the form shows is answered and not shown.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PF_WIZARD } from '../../forms/wizards/pf';
import { KeptDraft } from '../../src/wizard/kept-draft';
import type { LocalDraft, OvertakenChange } from '../../src/wizard/local-draft';
import { renderForm } from './support/render-form';

function fakeDraft(offer: OvertakenChange[]) {
  let offered = offer;
  const draft: LocalDraft = {
    takeKept: () => [],
    offered: () => offered,
    answerOffer: vi.fn(() => {
      offered = [];
    }),
    keep: vi.fn(),
    flush: vi.fn(),
    unsaved: () => false,
    reload: vi.fn(),
  };
  return draft;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve)));

describe('kept draft: fields saved in another session', () => {
  it('shows what was typed beside what was saved, and takes it with one button', async () => {
    const user = userEvent.setup();
    const draft = fakeDraft([{ path: 'fisica.apellido_materno', before: 'ANTES', value: 'PRIMERA', now: 'SEGUNDA' }]);
    const { values } = renderForm(<KeptDraft draft={draft} wizard={PF_WIZARD} />, { initialValues: { fisica: { apellido_materno: 'SEGUNDA' } } });
    await settle();
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Se guardaron otros valores en otra sesión');
    expect(notice).toHaveTextContent('«PRIMERA»; guardado: «SEGUNDA»');
    await user.click(screen.getByRole('button', { name: 'Usar lo que escribí' }));
    expect(values().fisica.apellido_materno).toBe('PRIMERA');
    expect(draft.answerOffer).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Se guardaron otros valores en otra sesión')).toBeNull();
  });

  it('answers an offer of no field the form shows, and shows nothing', async () => {
    const draft = fakeDraft([{ path: 'campo_interno', before: 'w', value: 'x', now: 'y' }]);
    renderForm(<KeptDraft draft={draft} wizard={PF_WIZARD} />);
    await settle();
    expect(draft.answerOffer).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
