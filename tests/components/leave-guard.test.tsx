// Leaving a wizard with unsaved values asks first: a link, and a step back in the browser's history
// too, though the entry it returns to was once the page's own rewrite of its address (followsRecord);
// that rewrite itself asks nothing.
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FOLLOWS_RECORD } from '../../src/layout/record-follow';
import { LeaveGuard } from '../../src/wizard/leave-guard';
import type { LocalDraft } from '../../src/wizard/local-draft';
import type { WizardActorRef } from '../../src/wizard/selectors';

const actor = { getSnapshot: () => ({ status: 'active' }) } as unknown as WizardActorRef;
const draft = { unsaved: () => true } as unknown as LocalDraft;

function renderAt(entries: Array<{ pathname: string; state?: unknown }>) {
  const page = <LeaveGuard actor={actor} draft={draft} saveButton="Siguiente" />;
  const router = createMemoryRouter(
    [
      { path: '/pm/:uuid', element: page },
      { path: '/avalpf/:uuid', element: page },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('leave guard', () => {
  it('asks before a step back to an entry that was once the page following its record', async () => {
    const router = renderAt([{ pathname: '/avalpf/g-1', state: FOLLOWS_RECORD }, { pathname: '/pm/p-1' }]);
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('dialog', { name: 'Tienes cambios sin guardar' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/pm/p-1');
  });

  it("asks nothing for the page's own rewrite of its address", async () => {
    const router = renderAt([{ pathname: '/pm/p-1' }]);
    await act(() => router.navigate('/pm/p-2', { replace: true, state: FOLLOWS_RECORD }));
    expect(router.state.location.pathname).toBe('/pm/p-2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
